import type { RouteObject } from 'react-router';
import { LandingPage } from './pages/landing-page.tsx';

/** The top-level register paths forward to the auth area and keep the query string (invitation token). */
export const LEGACY_REGISTER_PATHS = ['register', 'old-register'] as const;

export const publicRoutes: RouteObject[] = [
  // The front door ships with the first download: no second round trip before the landing page paints.
  { index: true, Component: LandingPage },
  { path: 'about', lazy: async () => ({ Component: (await import('./pages/about-page.tsx')).AboutPage }) },
  { path: 'resources', lazy: async () => ({ Component: (await import('./pages/resources-page.tsx')).ResourcesPage }) },
  { path: 'partners', lazy: async () => ({ Component: (await import('./pages/partners-page.tsx')).PartnersPage }) },
  { path: 'contact', lazy: async () => ({ Component: (await import('./pages/contact-page.tsx')).ContactPage }) },
  { path: 'privacy-policy', lazy: async () => ({ Component: (await import('./pages/privacy-policy-page.tsx')).PrivacyPolicyPage }) },
  { path: 'cookie-policy', lazy: async () => ({ Component: (await import('./pages/cookie-policy-page.tsx')).CookiePolicyPage }) },
  {
    path: 'organization-signup-demo',
    lazy: async () => ({ Component: (await import('./pages/organization-signup-demo-page.tsx')).OrganizationSignupDemoPage }),
  },
  ...LEGACY_REGISTER_PATHS.map((path) => ({
    path,
    lazy: async () => ({ Component: (await import('./pages/register-redirect.tsx')).RegisterRedirect }),
  })),
];
