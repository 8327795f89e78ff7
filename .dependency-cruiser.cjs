// The import rules of docs/architecture.md (issue 24, decision 0179), checked by `node scripts/check-architecture.mjs`
// (run by api/src/architecture.test.ts, part of `npm test`; it transpiles with esbuild first: TypeScript 7 has no
// JS API for dependency-cruiser to read .ts with). Known violations that predate the rules are listed in .dependency-cruiser-known-violations.json
// (made with `npx depcruise-baseline`): the check fails on any NEW circle or upward import, and the list only shrinks.

/** The api's layers, lowest first. A file belongs to the first layer whose pattern matches its path. */
const API = '^api/src/';
const M = `${API}modules/`;
const PLATFORM = [
  `${API}platform/`,
  `${API}config\\.js$`,
  `${API}migrations/`,
  `${API}test/`,
  // The durable queue (pg-boss) every layer enqueues through, and the SMTP transport: they live beside the mail
  // module for history, and know nothing of it.
  `${M}mail/(mail-queue|mailer)\\.js$`,
];
const PEOPLE = [
  `${M}(shops|users|auth|barbers|services|billing|config|join-codes|leads|domains|portfolio)/`,
  // A shop's special days are its hours (the service that lists the appointments a closed day touches is above).
  `${M}special-days/special-days\\.repository\\.js$`,
  // Matching a booking's client to the shop's client record is part of booking itself.
  `${M}clients/client-matching\\.js$`,
];
const LIFECYCLE = [
  `${M}appointments/lifecycle/`,
  `${M}appointments/(appointment\\.entity|appointment-view|visit|booking-errors|manage-token)\\.js$`,
  `${M}availability/schedules\\.js$`,
];
const either = (patterns) => patterns.map((p) => `(${p})`).join('|');
/**
 * Tests and their helpers set up whole stories across layers, and the entity list registers every module's tables
 * with TypeORM: the layer rules do not apply to them (circles still do). Paths are those of the transpiled files.
 */
const COMPOSERS = [
  '\\.test\\.js$',
  '\\.test-helper\\.js$',
  `${API}test/`,
  `${API}platform/db/entities\\.js$`,
  // The metrics endpoint's start reads every cache's counters: it composes, as routes.ts does.
  `${API}platform/metrics/start\\.js$`,
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No file may reach itself through its imports (types included): split the shared part out instead.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-is-the-bottom',
      severity: 'error',
      comment: 'Platform code (database, http, queue, config) knows no feature.',
      from: { path: either(PLATFORM), pathNot: either(COMPOSERS) },
      to: { path: `^${M}`, pathNot: either(PLATFORM) },
    },
    {
      name: 'people-below-the-lifecycle',
      severity: 'error',
      comment:
        'Shops and people (shops, barbers, services, users, billing...) do not import the appointment lifecycle or anything above it.',
      from: { path: either(PEOPLE), pathNot: either(COMPOSERS) },
      to: { path: `^${M}`, pathNot: either([...PLATFORM, ...PEOPLE]) },
    },
    {
      name: 'lifecycle-below-the-listeners',
      severity: 'error',
      comment: 'The lifecycle imports no listener or feature: they subscribe to its events (api/src/listeners.ts).',
      from: { path: either(LIFECYCLE), pathNot: either(COMPOSERS) },
      to: { path: `^${M}`, pathNot: either([...PLATFORM, ...PEOPLE, ...LIFECYCLE]) },
    },
    {
      name: 'common-imports-nothing-of-ours',
      severity: 'error',
      comment: 'common is pure and shared: it imports no workspace.',
      from: { path: '^common/src/' },
      to: { path: '^(api|admin|storefront|proxy)/' },
    },
    {
      name: 'admin-features-apart',
      severity: 'error',
      comment: 'Admin features never import each other; app/ composes them.',
      from: { path: '^admin/src/features/([^/]+)/', pathNot: either(COMPOSERS) },
      to: { path: '^admin/src/features/([^/]+)/', pathNot: '^admin/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.data)/|\\.d\\.js$' },
    includeOnly: '^(api/src|common/src|admin/src|proxy/src|storefront)/',
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: false,
  },
};
