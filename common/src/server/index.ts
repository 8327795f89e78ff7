// Node-only helpers shared by the services; the browser bundles import '@barberly/common' only.
export * from './access-log';
