/** The whole route table at once, for the server's renderer and the tests (app/router.tsx). */
import { accountRoutes } from './route-tables/account-routes';
import { adminRoutes } from './route-tables/admin-routes';
import { authRoutes } from './route-tables/auth-routes';
import { bookingRoutes } from './route-tables/booking-routes';
import { deliveryRoutes } from './route-tables/delivery-routes';
import { toRouteObjects } from './lazy-screen';
import { rootRoutes } from './router';

export const allRoutes = toRouteObjects(rootRoutes([...authRoutes, ...accountRoutes, ...adminRoutes], [...bookingRoutes, ...deliveryRoutes]));
