import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { existsSync, readdirSync } from 'node:fs';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Each feature may import only itself among the features; what several share lives in shared/
// (the admin features' common parts in shared/admin/).
const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `./apps/web/src/features/${name}`,
  from: './apps/web/src/features',
  except: [`./${name}`],
  message: 'Features do not import each other: a route composes them, and what several use lives in shared/.',
}));
// The guests' side never reaches into the admin area's parts (they would ride in its bundles).
const guestFeatures = ['account', 'auth', 'cart', 'delivery', 'hotel', 'orders', 'payments', 'reservations', 'site'];
const adminPartsZones = guestFeatures.map((name) => ({
  target: `./apps/web/src/features/${name}`,
  from: './apps/web/src/shared/admin',
  message: 'shared/admin/ is for the admin features.',
}));

// The API's floors (docs/decisions/030-server-modules.md): what lies below the domain modules (the
// database, mail, the change log, the HTTP plugins) imports none of them; within a module, routes
// call services and services call its repository, never back up; no module reads another's
// repository.
const API = './apps/api/src';
const apiModules = readdirSync(new URL(`${API}/modules`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const hasRepository = (name) => existsSync(new URL(`${API}/modules/${name}/repository.ts`, import.meta.url));
/** Every repository of the modules, a part's own too (`payments/sandbox/repository.ts`), as `payments/repository.ts`. */
const apiRepositories = readdirSync(new URL(`${API}/modules`, import.meta.url), { recursive: true })
  .map(String)
  .filter((file) => file === 'repository.ts' || file.endsWith('/repository.ts'));
export const apiZones = [
  ...['plugins', 'db', 'mail', 'change-log'].map((floor) => ({
    target: `${API}/${floor}`,
    from: `${API}/modules`,
    message: `${floor}/ lies below the domain modules and imports none of them: inject what it needs from app.ts.`,
  })),
  ...apiRepositories.map((repository) => ({
    target: `${API}/modules/${repository}`,
    from: `${API}/modules`,
    except: [`./${repository}`],
    message: 'A repository is the floor of its module: it imports no routes, service or other module.',
  })),
  {
    target: `${API}/modules/**/!(*routes|page-data).ts`,
    from: `${API}/modules/**/*routes.ts`,
    message: 'Routes call services, never the other way round.',
  },
  ...apiModules.flatMap((name) =>
    apiModules
      .filter((other) => other !== name && hasRepository(other))
      .map((other) => ({
        target: `${API}/modules/${name}`,
        from: `${API}/modules/${other}/repository.ts`,
        message: `Ask the ${other} module's services, not its repository.`,
      })),
  ),
];

const sqlElsewhere = {
  allowTypeImports: true,
  message: "SQL lives in the module's repository.ts: call a named function of it (with the Db or Tx) instead.",
};
/** Statements a Db or Tx runs (`db.transaction` stays: a service decides what one transaction holds). */
const DB_STATEMENTS = '/^(select|selectDistinct|insert|update|delete|execute|with)$/';

/**
 * What a route file may take straight from its module's repository: reads that answer a page as
 * the database has it, and row types. Every write goes through a service, so each state has one
 * writer whatever calls it (a route, a timer, another module); a new repository function is
 * refused in a route until it is written down here with its reason.
 */
export const ROUTE_REPOSITORY_READS = {
  // The staff's list of administrators (GET admin/users/): a plain list, no rule around it.
  listStaff: 'read',
  // The menu as staff see it, hidden dishes too (GET admin/menu/…).
  listAllProducts: 'read',
  // The live order board's rows, as the board and its stream send them.
  boardOrder: 'read',
  boardOrders: 'read',
  // The rooms and their conveniences as the public page and the staff's list show them.
  listRooms: 'read',
  listConveniences: 'read',
  // The guest's own delivery addresses (GET account/).
  userAddresses: 'read',
  // The guest's own tables, and the staff's day of tables with its settings and the count waiting.
  tablesOfUser: 'read',
  tablesOfDay: 'read',
  readSettings: 'read',
  countUnconfirmed: 'read',
  // Each room's calendar feeds with how their last import went.
  roomFeeds: 'read',
  // Row types a route presents.
  MenuRow: 'type',
  BoardRow: 'type',
  RoomView: 'type',
  RoomWithConveniences: 'type',
  PriceRuleRow: 'type',
  StayRuleRow: 'type',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', 'var/**', '**/coverage/**', 'playwright-report/**', 'test-results/**', 'apps/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads only .js files when it follows an import, so no-cycle never
      // sees a TypeScript file's own imports and reports nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiZones }] },
  },
  {
    // A module's SQL lives in its repository (docs/decisions/030-server-modules.md): elsewhere in a
    // module there is no query builder to write one with. Types of rows stay importable.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'drizzle-orm', ...sqlElsewhere }], patterns: [{ group: ['drizzle-orm/*', '**/db/schema'], ...sqlElsewhere }] }],
      'no-restricted-syntax': [
        'error',
        ...['db', 'tx'].flatMap((name) => [
          { selector: `CallExpression[callee.object.name='${name}'][callee.property.name=${DB_STATEMENTS}]`, message: sqlElsewhere.message },
          { selector: `CallExpression[callee.object.property.name='${name}'][callee.property.name=${DB_STATEMENTS}]`, message: sqlElsewhere.message },
          { selector: `MemberExpression[object.name='${name}'][property.name='query']`, message: sqlElsewhere.message },
          { selector: `MemberExpression[object.property.name='${name}'][property.name='query']`, message: sqlElsewhere.message },
        ]),
      ],
    },
  },
  {
    // Routes call services; a route takes from its repository only the reads and types above
    // (issue 44, point 5). Another module's repository is refused to every file by apiZones.
    files: ['apps/api/src/modules/**/*routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./repository', '../repository'],
              allowImportNames: Object.keys(ROUTE_REPOSITORY_READS),
              message: "Routes call services: a write goes through the module's service, its one writer of that state (a read may be added to ROUTE_REPOSITORY_READS in eslint.config.js, with its reason).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features do not import each other; routes compose them (bulletproof-react's rule).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            ...adminPartsZones,
            { target: './apps/web/src/shared', from: './apps/web/src/features' },
            { target: './apps/web/src/shared', from: './apps/web/src/routes' },
            { target: './apps/web/src/features', from: './apps/web/src/routes' },
            // One way down (docs/decisions/031-web-one-way.md): the app (router, route tables,
            // guards) composes the screens, screens compose features, features use shared/; the
            // page addresses every layer names live in shared/paths.ts.
            ...['features', 'shared'].map((layer) => ({
              target: `./apps/web/src/${layer}`,
              from: './apps/web/src/app',
              message: `${layer}/ lies below app/: what both need (the pages' addresses: shared/paths.ts) lives in shared/.`,
            })),
            {
              target: './apps/web/src/routes/**/!(*.test).{ts,tsx}',
              from: './apps/web/src/app',
              message: 'A screen lies below app/: what both need (the pages\' addresses: shared/paths.ts) lives in shared/.',
            },
          ],
        },
      ],
    },
  },
);
