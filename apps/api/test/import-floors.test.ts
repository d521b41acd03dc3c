/**
 * The API's floors are enforced by lint (eslint.config.js, `apiZones`; docs/decisions/030-server-modules.md):
 * each import below would put an arrow back up, and lint refuses it; the same import the right way
 * round passes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

/** The no-restricted-paths messages lint gives this code as if it were the file at `file` (under apps/api/src). */
async function floorsBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/api/src', file) });
  return result!.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

describe('the API imports only downwards', () => {
  it.each([
    ['a plugin importing a domain module', 'plugins/floor-fixture.ts', "import { listRooms } from '../modules/hotel/repository';\nexport const read = listRooms;\n"],
    ['the change log importing a domain module', 'change-log/floor-fixture.ts', "import { currentUser } from '../modules/auth/session';\nexport const who = currentUser;\n"],
    ['the database layer importing a domain module', 'db/floor-fixture.ts', "import { createOrder } from '../modules/orders/orders';\nexport const place = createOrder;\n"],
    ['a service importing routes', 'modules/orders/floor-fixture.ts', "import { orderRoutes } from './routes';\nexport const routes = orderRoutes;\n"],
    ["a module reading another module's repository", 'modules/delivery/floor-fixture.ts', "import { listRooms } from '../hotel/repository';\nexport const read = listRooms;\n"],
    ['a repository importing its services', 'modules/hotel/repository.ts', "import { createReservation } from './reservations';\nexport const book = createReservation;\n"],
  ])('lint refuses %s', async (_what, file, code) => {
    expect(await floorsBroken(file, code)).not.toEqual([]);
  });

  it('lets routes call services, services call their repository, and modules call plugins', async () => {
    expect(await floorsBroken('modules/orders/floor-fixture-routes.ts', "import { cancelOrder } from './lifecycle';\nexport const cancel = cancelOrder;\n")).toEqual([]);
    expect(await floorsBroken('modules/hotel/floor-fixture.ts', "import { listRooms } from './repository';\nexport const read = listRooms;\n")).toEqual([]);
    expect(await floorsBroken('modules/orders/floor-fixture.ts', "import { HttpError } from '../../plugins/errors';\nexport const refuse = HttpError;\n")).toEqual([]);
  });
});
