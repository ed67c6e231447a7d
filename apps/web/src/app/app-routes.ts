import type { RouteObject } from 'react-router';

/** The signed-in application's screens; each loads on first visit. */
export const appRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./dashboard-page.tsx')).DashboardPage }) },
  { path: 'organization', lazy: async () => ({ Component: (await import('./organization/organization-page.tsx')).OrganizationPage }) },
  { path: 'users', lazy: async () => ({ Component: (await import('./users/users-page.tsx')).UsersPage }) },
  { path: 'roles', lazy: async () => ({ Component: (await import('./roles/roles-page.tsx')).RolesPage }) },
  { path: 'suppliers', lazy: async () => ({ Component: (await import('./suppliers/suppliers-page.tsx')).SuppliersPage }) },
  { path: 'audit-log', lazy: async () => ({ Component: (await import('./logs/audit-log-page.tsx')).AuditLogPage }) },
  { path: 'sign-in-log', lazy: async () => ({ Component: (await import('./logs/sign-in-log-page.tsx')).SignInLogPage }) },
  { path: 'account', lazy: async () => ({ Component: (await import('./account/account-page.tsx')).AccountPage }) },
];
