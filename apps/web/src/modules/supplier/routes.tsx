import type { RouteObject } from 'react-router';

/** Invited supplier registration and the pending email change notice (spec section 2). */
export const supplierRoutes: RouteObject[] = [
  { path: 'register', lazy: async () => ({ Component: (await import('./supplier-register-page.tsx')).SupplierRegisterPage }) },
  {
    path: 'email-change-pending',
    lazy: async () => ({ Component: (await import('./email-change-pending-page.tsx')).EmailChangePendingPage }),
  },
];
