export { ShopRouteHead as default } from '../../../../components/shop-route';
