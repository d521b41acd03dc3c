/** The whole route table at once, for the server's renderer and the tests (app/router.tsx). */
import { accountRoutes } from './route-tables/account-routes';
import { adminRoutes } from './route-tables/admin-routes';
import { rootRoutes } from './router';

export const allRoutes = rootRoutes([...accountRoutes, ...adminRoutes]);
