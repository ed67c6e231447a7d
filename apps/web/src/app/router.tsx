import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router';
import { appRoutes } from '../modules/app/routes.tsx';
import { authRoutes } from '../modules/auth/routes.tsx';
import { publicRoutes } from '../modules/public/routes.tsx';
import { supplierRoutes } from '../modules/supplier/routes.tsx';
import { RouteError } from './route-error.tsx';
import { Spinner } from '../ui/spinner.tsx';

/**
 * Four areas, each loaded on demand so the public pages never download the signed-in application:
 * public (/), auth (/auth), supplier (/supplier) and the application (/app). Each module's route
 * table is small and lazy-loads its pages.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./layouts/public-layout.tsx')).PublicLayout }),
    children: [...publicRoutes, { path: '*', lazy: async () => ({ Component: (await import('./not-found.tsx')).NotFoundPage }) }],
  },
  {
    path: '/auth',
    lazy: async () => {
      const [{ AuthLayout }, { withGraphql }] = await Promise.all([import('./layouts/auth-layout.tsx'), import('./graphql-provider.tsx')]);
      return { Component: withGraphql(AuthLayout) };
    },
    children: [...authRoutes, { path: '*', lazy: async () => ({ Component: (await import('./not-found.tsx')).NotFoundPage }) }],
  },
  {
    path: '/supplier',
    lazy: async () => {
      const [{ SupplierLayout }, { withGraphql }] = await Promise.all([
        import('./layouts/supplier-layout.tsx'),
        import('./graphql-provider.tsx'),
      ]);
      return { Component: withGraphql(SupplierLayout) };
    },
    children: [...supplierRoutes, { path: '*', lazy: async () => ({ Component: (await import('./not-found.tsx')).NotFoundPage }) }],
  },
  {
    path: '/app',
    lazy: async () => {
      const [{ AppLayout }, { withGraphql }] = await Promise.all([import('./layouts/app-layout.tsx'), import('./graphql-provider.tsx')]);
      return { Component: withGraphql(AppLayout) };
    },
    children: [...appRoutes, { path: '*', lazy: async () => ({ Component: (await import('./not-found.tsx')).NotFoundPage }) }],
  },
];

class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

type LazyRoute = () => Promise<{ Component?: ComponentType | null }>;

/**
 * Declarative routing (useRoutes) keeps the data-router machinery out of the first download; each
 * `lazy` route becomes a React.lazy component, loaded when first matched.
 */
const toElementRoutes = (table: RouteObject[]): RouteObject[] =>
  table.map((route) => {
    const { lazy: load, children, ...rest } = route;
    const converted: RouteObject = { ...rest } as RouteObject;
    if (typeof load === 'function') {
      const Page = lazy(async () => {
        const module = await (load as LazyRoute)();
        if (!module.Component) throw new Error(`route ${route.path ?? '(index)'} has no Component`);
        return { default: module.Component };
      });
      converted.element = (
        <Suspense fallback={<Spinner className="m-8" />}>
          <Page />
        </Suspense>
      );
    }
    if (children) converted.children = toElementRoutes(children);
    return converted;
  });

const elementRoutes = toElementRoutes(routes);

/** The whole route table; an error in a screen shows the error page, and moving on clears it. */
export const AppRoutes = () => {
  const location = useLocation();
  return <RouteErrorBoundary key={location.pathname}>{useRoutes(elementRoutes)}</RouteErrorBoundary>;
};
