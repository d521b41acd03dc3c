/** The whole route table at once, for the server's renderer and the tests (app/router.tsx). */
import { accountRoutes } from './route-tables/account-routes';
import { adminRoutes } from './route-tables/admin-routes';
import { authRoutes } from './route-tables/auth-routes';
import { rootRoutes } from './router';

export const allRoutes = rootRoutes([...authRoutes, ...accountRoutes, ...adminRoutes]);
