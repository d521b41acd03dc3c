import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
/** Every module's tables.ts, as `./hotel/tables.ts`: which of them a file may import is hotel-api/table-owner's to say. */
const moduleTables = apiModules.filter((name) => existsSync(new URL(`${API}/modules/${name}/tables.ts`, import.meta.url))).map((name) => `./${name}/tables.ts`);
export const apiZones = [
  ...['plugins', 'db', 'mail', 'change-log'].map((floor) => ({
    target: `${API}/${floor}`,
    from: `${API}/modules`,
    // db/schema.ts gathers every module's tables, and a table's foreign key may name one of them.
    except: moduleTables,
    message: `${floor}/ lies below the domain modules and imports none of them (their tables.ts aside): inject what it needs from app.ts.`,
  })),
  ...apiRepositories.map((repository) => ({
    target: `${API}/modules/${repository}`,
    from: `${API}/modules`,
    except: [`./${repository}`, ...moduleTables],
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

/**
 * Every table has one owner (docs/decisions/050-every-table-has-one-owner.md): the folder whose
 * `tables.ts` declares it (`modules/hotel`, `change-log` …). Code elsewhere reads and writes it only
 * through its owner's functions; another owner's `tables.ts` (or `db/schema`, which gathers them
 * all) is imported for its values only by a `tables.ts`, whose foreign keys name the tables of
 * modules below its own (one above is named through db/keys.ts, decision 071), and by the pairs
 * below, each with why it is still so. A type of a row stays importable.
 */
export const tableImportsAllowed = {
  'seed/seed.ts': { '*': 'the demo content is loaded straight into the tables of every module, as a restore does' },
  'change-log/repository.ts': {
    rooms: "the log names its targets by the rows' names now; the log lies below the modules, which it may not import",
    products: 'as rooms',
    categories: 'as rooms',
    conveniences: 'as rooms',
  },
  'modules/orders/repository.ts': {
    users: "an order's letter and the staff's board show the guest's name and e-mail in the order's own query",
    addresses: "an order is placed for one of the guest's saved addresses, locked in the order's transaction",
    products: "the order is priced from the menu's rows, locked in the order's transaction",
    reservations: "room service checks the stay in progress in the order's transaction",
    rooms: "room service names the stay's room in the order's transaction",
    paymentMethods: "the card an order is paid with, read with the order",
    payments: "the staff's board shows each order's payment in one query",
  },
  'modules/hotel/repository.ts': {
    users: 'the reservations board and the letters show the guest in the same query',
    paymentMethods: "the card that guarantees a booking, checked in the booking's transaction",
    payments: "a stay's payments, read with the reservation",
    refunds: "a stay's refunds, read with the reservation",
  },
  'modules/folio/repository.ts': {
    reservationExtras: "the stay's extras are lines of its bill, read in the bill's one query",
    paymentMethods: 'the saved card charged from the desk, read with the bill',
    payments: "the stay's online payments are the bill's payments (decision 055), read, never copied",
    refunds: 'as payments: what was given back is read with them',
  },
  'modules/notices/repository.ts': {
    users: "a notice goes to the active staff of a role: their addresses and languages, read with the roles in one query",
    staffRoles: 'who holds the role a notice concerns, read in the same query',
  },
  'modules/payments/repository.ts': {
    users: "the staff's ledger names the payer in its one query",
  },
  'modules/calendars/repository.ts': {
    roomHolds: "an import replaces its feed's holds in one transaction, under room_holds' exclusion constraint",
  },
  'modules/reviews/repository.ts': { users: "a review is shown with its author's name as it is now, in one query" },
};

const API_SRC = fileURLToPath(new URL(`${API}/`, import.meta.url));
/** `modules/hotel/repository.ts` for a file under apps/api/src; null elsewhere. */
const apiPath = (file) => {
  const relative = path.relative(API_SRC, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep).join('/');
};
/** The owner of a file under apps/api/src: `modules/<name>` within a module, else its first folder, '' at the top. */
const ownerOf = (relative) => {
  const parts = relative.split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : '';
};
const isRepository = (relative) => relative === 'repository.ts' || relative.endsWith('/repository.ts');
const isTables = (relative) => relative === 'tables.ts' || relative.endsWith('/tables.ts');
/** The file an import names (without extension), under apps/api/src, or null. */
const importedApiPath = (file, source) => (source.startsWith('.') ? apiPath(path.resolve(path.dirname(file), source)) : null);
/** The names a declaration imports as values (`import type` and `type X` take none). */
const valueNames = (node) =>
  node.importKind === 'type' || node.exportKind === 'type'
    ? []
    : (node.specifiers ?? [])
        .filter((specifier) => specifier.importKind !== 'type' && specifier.exportKind !== 'type')
        .map((specifier) => specifier.imported?.name ?? specifier.local?.name ?? '*');

const SQL_MESSAGE = "SQL lives in a repository.ts: call a named function of it (with the Db or Tx) instead.";
/** Packages that write or send SQL; outside a repository and db/ only their types are imported. */
const SQL_PACKAGES = /^(drizzle-orm|pg|postgres|@electric-sql\/pglite)(\/|$)/;
/** What db/client may give a file that is not a repository: opening the database, at an entry point. */
const CLIENT_VALUES_ALLOWED = new Set(['openDatabase']);
/** Files that write SQL without being a repository, and why. */
export const sqlOutsideAllowed = {
  'seed/seed.ts': 'the demo content is loaded straight into the tables of every module, as a restore does',
  'backup.ts': "a backup dumps and restores the whole database with the drivers' own tools (pg_dump, PGlite's data folder)",
};

const apiRules = {
  rules: {
    'table-owner': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = apiPath(context.filename);
        if (!file || isTables(file) || file.startsWith('db/')) return {};
        const owner = ownerOf(file);
        const allowed = tableImportsAllowed[file] ?? {};
        const check = (node) => {
          if (!node.source) return;
          const target = importedApiPath(context.filename, node.source.value);
          if (!target || !(target === 'db/schema' || target.endsWith('/tables') || target === 'tables')) return;
          const tableOwner = target === 'db/schema' ? null : ownerOf(`${target}.ts`);
          if (tableOwner === owner || tableOwner === 'db') return;
          for (const name of valueNames(node)) {
            if (allowed['*'] || allowed[name]) continue;
            context.report({
              node,
              message: tableOwner
                ? `\`${name}\` is a table of ${tableOwner}: read or write it through ${tableOwner}'s functions, not its tables.ts.`
                : `\`${name}\`: import a table from its owner's tables.ts, not from db/schema (and another owner's only through its functions).`,
            });
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
    'sql-in-repositories': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = apiPath(context.filename);
        if (!file || isRepository(file) || isTables(file) || file.startsWith('db/') || sqlOutsideAllowed[file]) return {};
        const check = (node) => {
          if (!node.source) return;
          const source = node.source.value;
          const names = valueNames(node);
          if (names.length === 0) return;
          const target = importedApiPath(context.filename, source);
          const refused =
            SQL_PACKAGES.test(source) ||
            (target === 'db/client' && names.some((name) => !CLIENT_VALUES_ALLOWED.has(name))) ||
            (target !== null && (target === 'db/schema' || target === 'tables' || target.endsWith('/tables')));
          if (refused) context.report({ node, message: SQL_MESSAGE });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};

/** Statements a Db or Tx builds (`execute` is refused on any name below; `db.transaction` stays: a service decides what one transaction holds). */
const DB_STATEMENTS = '/^(select|selectDistinct|insert|update|delete|with)$/';

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
  // The roles a member of staff holds, as the staff screen and a person's notices show them.
  staffRolesOf: 'read',
  rolesOf: 'read',
  // The name of the member of staff who took a booking, shown with the stay.
  staffNames: 'read',
  // A person's notice choices and language, as their account page and the bot's answers show them.
  findSettings: 'read',
  userLanguage: 'read',
  // Row types a route presents.
  UserRow: 'type',
  MenuRow: 'type',
  BoardRow: 'type',
  RoomView: 'type',
  RoomWithConveniences: 'type',
  PriceRuleRow: 'type',
  StayRuleRow: 'type',
};

/**
 * Web files that render a raw `<form>` rather than `<Form schema>` (shared/forms/form.tsx,
 * decision 031), how many and why. Everything under shared/forms/ may (the form itself, the
 * room search); `test/platform/web-forms.test.ts` fails on an entry whose file has no raw form
 * left, so the list only shrinks.
 */
export const rawFormsAllowed = {
  'routes/hotel/guests.tsx': { forms: 1, reason: "the booking's guests step: its fields are the draft's controlled parts (guest selection, extras), each checked by its own component; the form only lets Enter go on, as the button does" },
  'features/payments-ledger/components/payments-ledger.tsx': { forms: 1, reason: 'the filter bar: each change is the query (the server checks it); its submit is only stopped' },
  'features/reports/components/reports-screen.tsx': { forms: 1, reason: "the period picker: each change is the query (the server checks it); its submit is only stopped" },
  'features/reviews/components/admin-reviews.tsx': { forms: 1, reason: 'the filter bar: each change is the query; its submit is only stopped (the answer is <Form schema>)' },
};

const WEB_SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps/web/src');

const webRules = {
  rules: {
    'forms-through-form': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = path.relative(WEB_SRC, context.filename).split(path.sep).join('/');
        if (file.startsWith('..') || file.startsWith('shared/forms/') || file.startsWith('test/') || /\.test\.tsx?$/.test(file)) return {};
        let allowed = rawFormsAllowed[file]?.forms ?? 0;
        return {
          JSXOpeningElement(node) {
            if (node.name.type === 'JSXIdentifier' && node.name.name === 'form' && allowed-- <= 0) {
              context.report({
                node,
                message:
                  "A form is <Form schema> (shared/forms/form.tsx, decision 031): the domain's zod schema the API route uses is its resolver. A form that must stay raw goes in rawFormsAllowed in eslint.config.js, with its reason.",
              });
            }
          },
        };
      },
    },
  },
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
    // Tables have one owner and SQL lives in repositories (decisions 030 and 050): keyed on what a
    // file imports (a query builder, the client, a table), whatever its variables are called.
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'hotel-api': apiRules },
    rules: { 'hotel-api/table-owner': 'error', 'hotel-api/sql-in-repositories': 'error' },
  },
  {
    // And the client reached through `app.db`, a transaction or any name, which needs no import.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/repository.ts', 'apps/api/src/db/**', 'apps/api/src/seed/seed.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['db', 'tx'].flatMap((name) => [
          { selector: `CallExpression[callee.object.name='${name}'][callee.property.name=${DB_STATEMENTS}]`, message: SQL_MESSAGE },
          { selector: `CallExpression[callee.object.property.name='${name}'][callee.property.name=${DB_STATEMENTS}]`, message: SQL_MESSAGE },
          { selector: `MemberExpression[object.name='${name}'][property.name='query']`, message: SQL_MESSAGE },
          { selector: `MemberExpression[object.property.name='${name}'][property.name='query']`, message: SQL_MESSAGE },
        ]),
        // A statement as text needs no import: `execute` is the client's alone, whatever holds it.
        { selector: "CallExpression[callee.property.name='execute']", message: SQL_MESSAGE },
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
    plugins: { 'react-hooks': reactHooks, 'hotel-web': webRules },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'hotel-web/forms-through-form': 'error',
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
