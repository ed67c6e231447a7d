import type { ComponentType } from 'react';
import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject, useRouteError } from 'react-router';
import { publicRoutes } from '../modules/public/routes.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteError } from './route-error.tsx';

const notFound: RouteObject = { path: '*', lazy: async () => ({ Component: (await import('./not-found.tsx')).NotFoundPage }) };

/** Shown while the first screen's layout and page load. */
const LoadingScreen = () => <Spinner className="m-8" />;

/** An error in any screen (or a chunk that fails to load) shows the error page; navigating away clears it. */
const RouteErrorScreen = () => <RouteError error={useRouteError()} />;

/**
 * Four areas: public (/), auth (/auth), supplier (/supplier) and the application (/app). The public
 * layout and the landing page ship with the first download (the front door paints without a second
 * round trip, and the data router's own weight stays within the landing-page budget); every other
 * screen and layout loads through the router's own `lazy`, layout and page in parallel, so the public
 * pages never download the signed-in application. The auth, supplier and application areas join the
 * route table on the first visit to them (`patchRoutesOnNavigation`).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteErrorScreen,
    children: [{ path: '/', Component: PublicLayout, children: [...publicRoutes, notFound] }],
  },
];

type AreaId = 'auth' | 'supplier' | 'app';

/** An area's route: its layout (lazy, inside the GraphQL client) and its screens, the last one its not-found page. */
const areaRoute = (
  id: AreaId,
  layout: () => Promise<{ default: ComponentType }>,
  screens: () => Promise<RouteObject[]>,
): (() => Promise<RouteObject>) => {
  return async () => ({
    id,
    path: `/${id}`,
    lazy: async () => {
      const [{ default: Layout }, { withGraphql }] = await Promise.all([layout(), import('./graphql-provider.tsx')]);
      return { Component: withGraphql(Layout) };
    },
    children: await screens(),
  });
};

const areas: Record<AreaId, () => Promise<RouteObject>> = {
  auth: areaRoute(
    'auth',
    async () => ({ default: (await import('./layouts/auth-layout.tsx')).AuthLayout }),
    async () => [...(await import('../modules/auth/routes.tsx')).authRoutes, notFound],
  ),
  supplier: areaRoute(
    'supplier',
    async () => ({ default: (await import('./layouts/supplier-layout.tsx')).SupplierLayout }),
    async () => [...(await import('../modules/supplier/routes.tsx')).supplierRoutes, notFound],
  ),
  // The application answers unknown addresses inside its own frame: its user is signed in.
  app: areaRoute(
    'app',
    async () => ({ default: (await import('./layouts/app-layout.tsx')).AppLayout }),
    async () => {
      const { appRoutes, appNotFoundRoute } = await import('./app-routes.ts');
      return [...appRoutes, appNotFoundRoute];
    },
  ),
};

const isArea = (segment: string | undefined): segment is AreaId => segment !== undefined && Object.hasOwn(areas, segment);

/**
 * Adds an area (its route, layout and screens) once, on the first navigation into it. Until then
 * its paths fall into the public area's catch-all, which makes the router ask for them here.
 */
const discoverAreas = (): PatchRoutesOnNavigationFunction => {
  const added = new Map<AreaId, Promise<void>>();
  return ({ path, patch }) => {
    const area = path.split('/')[1];
    if (!isArea(area)) return;
    let done = added.get(area);
    if (!done) {
      done = areas[area]().then((route) => patch('root', [route]));
      done.catch(() => added.delete(area));
      added.set(area, done);
    }
    return done;
  };
};

export const createAppRouter = () => createBrowserRouter(routes, { patchRoutesOnNavigation: discoverAreas() });
