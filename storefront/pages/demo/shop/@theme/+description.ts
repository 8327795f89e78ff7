export { shopRouteDescription as default } from '../../../../components/shop-route';
