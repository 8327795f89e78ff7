import type { Config } from 'vike/types';
import vikeReact from 'vike-react/config';
import vikeReactStyledComponents from 'vike-react-styled-components/config';

const config: Config = {
  extends: [vikeReact, vikeReactStyledComponents],
  // The main domain's /assets/ belongs to the admin; the proxy sends /_sf/* here.
  baseAssets: '/_sf/',
  passToClient: ['homeUrl'],
  lang: 'en',
  // No favicon request (a 404 there is a console error on every page).
  favicon: 'data:,',
  // Shop pages change on every owner edit; the server caches them, browsers and shared caches must not.
  cacheControl: 'no-cache',
};

export default config;
