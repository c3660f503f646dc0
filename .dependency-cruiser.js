// The layer rules of docs/architecture.md, checked by `npm run lint` (and so by `npm test`).
// Top to bottom: entries (cli/, server.ts) → app.ts → routes and plugins → services → repositories → db/;
// errors/, lib/, config.ts, limits.ts and planets/ are the bottom. An arrow may only point down.

const ENTRIES = ['^src/cli/', '^src/server\\.ts$'];
const APP = '^src/app\\.ts$';
const BOTTOM = '^src/(errors/|lib/|config\\.ts$|limits\\.ts$|planets/)';
const DRIVERS = ['^src/db/(postgres|pglite)\\.ts$', '(^|/)node_modules/(pg|@types/pg|@electric-sql/pglite)/'];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Two modules that import each other cannot be understood, tested or moved one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment:
        'Rooms reach each other one way only: a folder must not import, through any path, a folder importing it.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-route-to-repository',
      severity: 'error',
      comment: 'A route holds HTTP only: it reaches data through a service, which holds the rules.',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'no-module-to-another-modules-repository',
      severity: 'error',
      comment:
        'A room reaches another room through its service, which holds the rules; a write that must commit in the ' +
        "caller's transaction goes through a service function taking the Queryable. Repositories may share SQL " +
        'pieces (the asset column list). The one exception is backup, below (docs/architecture.md).',
      from: { path: '^src/modules/([^/]+)/', pathNot: ['\\.repository\\.ts$', '^src/modules/backup/'] },
      to: { path: '^src/modules/[^/]+/.+\\.repository\\.ts$', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'backup-reaches-only-the-media-store',
      severity: 'error',
      comment:
        "backup copies the stored bytes beneath every rule, as its own SQL copies every table: of another room's " +
        'repositories it reads and writes only the media store (AVS_MEDIA_DIR files), nothing else.',
      from: { path: '^src/modules/backup/', pathNot: '\\.repository\\.ts$' },
      to: {
        path: '^src/modules/[^/]+/.+\\.repository\\.ts$',
        pathNot: ['^src/modules/backup/', '^src/modules/media/media-store\\.repository\\.ts$'],
      },
    },
    {
      name: 'no-service-to-plugin',
      severity: 'error',
      comment:
        'Services are called by routes, the CLI and workers alike: they must not need Fastify plugins.',
      from: { path: '\\.service\\.ts$' },
      to: { path: '^src/plugins/' },
    },
    {
      name: 'no-service-to-driver',
      severity: 'error',
      comment: 'Services talk to the Database interface of db/database.ts, so both drivers serve every rule.',
      from: { path: '\\.service\\.ts$' },
      to: { path: DRIVERS },
    },
    {
      name: 'only-entries-import-entries',
      severity: 'error',
      comment: 'cli/ and server.ts are entries: nothing below imports them (CLI commands live in cli/).',
      from: { pathNot: ENTRIES },
      to: { path: ENTRIES },
    },
    {
      name: 'only-entries-import-app',
      severity: 'error',
      comment: 'app.ts composes everything; only the entries build it (tests too, outside src/).',
      from: { pathNot: ENTRIES },
      to: { path: APP },
    },
    {
      name: 'routes-below-app',
      severity: 'error',
      comment: 'Routes and plugins are registered by app.ts; they never reach up to it or to an entry.',
      from: { path: ['\\.routes\\.ts$', '\\.plugin\\.ts$', '^src/plugins/'] },
      to: { path: [APP, ...ENTRIES] },
    },
    {
      name: 'services-below-routes',
      severity: 'error',
      comment: 'Services hold the rules under every caller: they import no route, plugin, app or entry.',
      from: { path: '\\.service\\.ts$' },
      to: { path: ['\\.routes\\.ts$', '\\.plugin\\.ts$', APP, ...ENTRIES] },
    },
    {
      name: 'repositories-below-services',
      severity: 'error',
      comment: 'Repositories hold SQL only: they import no service, route, plugin, app or entry.',
      from: { path: '\\.repository\\.ts$' },
      to: {
        path: ['\\.service\\.ts$', '\\.routes\\.ts$', '\\.plugin\\.ts$', '^src/plugins/', APP, ...ENTRIES],
      },
    },
    {
      name: 'db-below-repositories',
      severity: 'error',
      comment: 'db/ is the Database interface and its drivers: it imports only db/ and the bottom.',
      from: { path: '^src/db/' },
      to: { path: '^src/', pathNot: ['^src/db/', BOTTOM] },
    },
    {
      name: 'bottom-imports-nothing',
      severity: 'error',
      comment:
        'errors/, lib/, config.ts, limits.ts and planets/ are used by every layer, so they import none of them.',
      from: { path: BOTTOM },
      to: { path: '^src/', pathNot: BOTTOM },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a cycle through types still ties the two files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
