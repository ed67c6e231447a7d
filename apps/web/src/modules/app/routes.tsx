import type { RouteObject } from 'react-router';

export const appRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./dashboard-page.tsx')).DashboardPage }) },
];
