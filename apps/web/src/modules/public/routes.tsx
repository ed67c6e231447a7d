import type { RouteObject } from 'react-router';

export const publicRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./pages/landing-page.tsx')).LandingPage }) },
];
