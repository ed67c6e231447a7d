import type { RouteObject } from 'react-router';

/** The signed-in application's screens (the shell's route table); each loads on first visit. */
export const appRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('../modules/dashboard/dashboard-page.tsx')).DashboardPage }) },
  {
    path: 'organization',
    lazy: async () => ({ Component: (await import('../modules/organization/organization-page.tsx')).OrganizationPage }),
  },
  { path: 'users', lazy: async () => ({ Component: (await import('../modules/users/users-page.tsx')).UsersPage }) },
  { path: 'roles', lazy: async () => ({ Component: (await import('../modules/roles/roles-page.tsx')).RolesPage }) },
  { path: 'suppliers', lazy: async () => ({ Component: (await import('../modules/suppliers/suppliers-page.tsx')).SuppliersPage }) },
  { path: 'audit-log', lazy: async () => ({ Component: (await import('../modules/logs/audit-log-page.tsx')).AuditLogPage }) },
  { path: 'sign-in-log', lazy: async () => ({ Component: (await import('../modules/logs/sign-in-log-page.tsx')).SignInLogPage }) },
  { path: 'account', lazy: async () => ({ Component: (await import('../modules/account/account-page.tsx')).AccountPage }) },
];
