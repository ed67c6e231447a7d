import { createBrowserRouter, type RouteObject } from 'react-router';
import { appRoutes } from '../modules/app/routes.tsx';
import { authRoutes } from '../modules/auth/routes.tsx';
import { publicRoutes } from '../modules/public/routes.tsx';
import { supplierRoutes } from '../modules/supplier/routes.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Four areas, each loaded on demand so the public pages never download the signed-in application:
 * public (/), auth (/auth), supplier (/supplier) and the application (/app). Each module's route
 * table is small and lazy-loads its pages.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./layouts/public-layout.tsx')).PublicLayout }),
    errorElement: <RouteError />,
    children: [...publicRoutes, { path: '*', lazy: async () => ({ Component: (await import('./not-found.tsx')).NotFoundPage }) }],
  },
  {
    path: '/auth',
    lazy: async () => ({ Component: (await import('./layouts/auth-layout.tsx')).AuthLayout }),
    errorElement: <RouteError />,
    children: [...authRoutes, { path: '*', lazy: async () => ({ Component: (await import('./not-found.tsx')).NotFoundPage }) }],
  },
  {
    path: '/supplier',
    lazy: async () => ({ Component: (await import('./layouts/supplier-layout.tsx')).SupplierLayout }),
    errorElement: <RouteError />,
    children: [...supplierRoutes, { path: '*', lazy: async () => ({ Component: (await import('./not-found.tsx')).NotFoundPage }) }],
  },
  {
    path: '/app',
    lazy: async () => ({ Component: (await import('./layouts/app-layout.tsx')).AppLayout }),
    errorElement: <RouteError />,
    children: [...appRoutes, { path: '*', lazy: async () => ({ Component: (await import('./not-found.tsx')).NotFoundPage }) }],
  },
];

export const router = createBrowserRouter(routes);
