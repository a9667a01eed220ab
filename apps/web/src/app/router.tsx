import type { RouteObject } from 'react-router';
import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { ProtectedRoute, PublicOnlyRoute } from './guards';
import { alwaysOpenRoutes, protectedRoutes, publicRoutes, type AppRoute } from './routes';

const toRouteObject = ({ path, Page }: AppRoute): RouteObject => ({ path, element: <Page /> });

export interface RouteTables {
  publicRoutes: AppRoute[];
  alwaysOpenRoutes: AppRoute[];
  protectedRoutes: AppRoute[];
}

/** The three access classes of spec §2 under one layout (tables injectable so guard tests need no feature page). */
export function buildAppRoutes(tables: RouteTables = { publicRoutes, alwaysOpenRoutes, protectedRoutes }): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { element: <PublicOnlyRoute />, children: tables.publicRoutes.map(toRouteObject) },
        { children: tables.alwaysOpenRoutes.map(toRouteObject) },
        { element: <ProtectedRoute />, children: tables.protectedRoutes.map(toRouteObject) },
      ],
    },
  ];
}

export const appRoutes = buildAppRoutes();

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
