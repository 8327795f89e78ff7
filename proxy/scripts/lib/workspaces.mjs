// What `npm start` and the e2e harness build: each workspace with the file whose absence means "not built".
export const BUILD_OUTPUTS = [
  { workspace: 'api', output: 'api/dist/main.js' },
  { workspace: 'proxy', output: 'proxy/dist/main.js' },
  { workspace: 'storefront', output: 'storefront/dist/start.mjs' },
  { workspace: 'admin', output: 'admin/dist/index.html' },
];
