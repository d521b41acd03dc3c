/**
 * The route table. A screen's route is registered when the screen exists; unknown paths follow
 * the spec's redirect rules (app/redirects.ts). Route modules are lazy, so the first visit to a
 * page downloads only that page's code. Each area keeps its route table in app/route-tables/; the screens themselves are in src/routes/.
 */
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { PublicLayout } from './public-layout';
import { redirectFor } from './redirects';
import { RootLayout } from './root-layout';
import { accountRoutes } from './route-tables/account-routes';
import { adminRoutes } from './route-tables/admin-routes';
import { authRoutes } from './route-tables/auth-routes';
import { deliveryRoutes } from './route-tables/delivery-routes';
import { hotelRoutes } from './route-tables/hotel-routes';
import { publicRoutes } from './route-tables/public-routes';

function UnknownPath() {
  const { pathname } = useLocation();
  return <Navigate to={redirectFor(pathname)} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <PublicLayout />, children: [...publicRoutes, ...hotelRoutes, ...deliveryRoutes] },
      ...authRoutes,
      ...accountRoutes,
      ...adminRoutes,
      { path: '*', element: <UnknownPath /> },
    ],
  },
];
