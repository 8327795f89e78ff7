export { shopRouteTitle as default } from '../../../../components/shop-route';
