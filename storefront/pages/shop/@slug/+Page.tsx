export { ShopRoutePage as default } from '../../../components/shop-route';
