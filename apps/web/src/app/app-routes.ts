import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { appNavigation } from './navigation.ts';
import { guardScreen, type ScreenAccess } from './route-guard.tsx';

/**
 * Who may open the screen at `path` (relative to /app): the permission its navigation item names (a
 * screen below an item, such as one upload under Uploads, takes that item's), so the menu and the
 * route table cannot disagree. Screens without an item (the dashboard) or without a permission (My
 * account) are open to every signed-in user.
 */
export const screenAccess = (path: string): ScreenAccess => {
  const target = path ? `/app/${path}` : '/app';
  const item = appNavigation.find((candidate) => candidate.to === target || (path && target.startsWith(`${candidate.to}/`)));
  return { permission: item?.permission, label: item?.label ?? 'This area', supplierLabel: item?.supplierLabel };
};

/** One screen of the application: loaded on first visit, and rendered only for those it allows. */
const screen = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  ...(path ? { path } : { index: true }),
  lazy: async () => ({ Component: guardScreen(await load(), screenAccess(path)) }),
});

/** The signed-in application's screens (the shell's route table); each loads on first visit. */
export const appRoutes: RouteObject[] = [
  screen('', async () => (await import('../modules/dashboard/dashboard-page.tsx')).DashboardPage),
  screen('organization', async () => (await import('../modules/organization/organization-page.tsx')).OrganizationPage),
  screen('users', async () => (await import('../modules/users/users-page.tsx')).UsersPage),
  screen('roles', async () => (await import('../modules/roles/roles-page.tsx')).RolesPage),
  screen('suppliers', async () => (await import('../modules/suppliers/suppliers-page.tsx')).SuppliersPage),
  screen('uploads', async () => (await import('../modules/uploads/uploads-page.tsx')).UploadsPage),
  screen('uploads/:fileUploadId', async () => (await import('../modules/uploads/batch-page.tsx')).BatchPage),
  screen('uploads/:fileUploadId/files/:fileId', async () => (await import('../modules/uploads/file-page.tsx')).FilePage),
  screen('uploads/:fileUploadId/files/:fileId/mapping', async () => (await import('../modules/mapping/mapping-page.tsx')).MappingPage),
  screen(
    'uploads/:fileUploadId/files/:fileId/validation',
    async () => (await import('../modules/mapping/validation-page.tsx')).ValidationPage,
  ),
  screen(
    'uploads/:fileUploadId/suppliers',
    async () => (await import('../modules/supplier-matching/supplier-review-page.tsx')).SupplierReviewPage,
  ),
  screen('requests', async () => (await import('../modules/requests/requests-page.tsx')).RequestsPage),
  screen('requests/calendar', async () => (await import('../modules/requests/requests-calendar-page.tsx')).RequestsCalendarPage),
  screen('requests/:taskId', async () => (await import('../modules/requests/request-page.tsx')).RequestPage),
  screen('inbox', async () => (await import('../modules/inbox/inbox-page.tsx')).InboxPage),
  screen('inbox/calendar', async () => (await import('../modules/inbox/inbox-calendar-page.tsx')).InboxCalendarPage),
  screen('inbox/:taskId', async () => (await import('../modules/inbox/inbox-request-page.tsx')).InboxRequestPage),
  screen('data-entries', async () => (await import('../modules/entries/entries-page.tsx')).DataEntriesPage),
  screen('emissions', async () => (await import('../modules/emissions/report-page.tsx')).EmissionReportPage),
  screen('emissions/results', async () => (await import('../modules/emissions/results-page.tsx')).EmissionResultsPage),
  screen('emissions/vessels', async () => (await import('../modules/emissions/vessels-page.tsx')).VesselsPage),
  screen('emissions/vessels/:imo/:year', async () => (await import('../modules/emissions/vessel-page.tsx')).VesselPage),
  screen('emissions/factors', async () => (await import('../modules/emissions/factors-page.tsx')).FactorsPage),
  screen('emissions/print', async () => (await import('../modules/emissions/print-page.tsx')).PrintReportPage),
  screen('pact', async () => (await import('../modules/pact/footprints-page.tsx')).PactFootprintsPage),
  screen('pact/received', async () => (await import('../modules/pact/received-page.tsx')).PactReceivedPage),
  screen('pact/connections', async () => (await import('../modules/pact/connections-page.tsx')).PactConnectionsPage),
  screen('pact/credentials', async () => (await import('../modules/pact/credentials-page.tsx')).PactCredentialsPage),
  screen('pact/events', async () => (await import('../modules/pact/events-page.tsx')).PactEventsPage),
  screen('audit-log', async () => (await import('../modules/logs/audit-log-page.tsx')).AuditLogPage),
  screen('sign-in-log', async () => (await import('../modules/logs/sign-in-log-page.tsx')).SignInLogPage),
  screen('account', async () => (await import('../modules/account/account-page.tsx')).AccountPage),
];

/** Unknown addresses under /app, answered inside the signed-in frame. */
export const appNotFoundRoute: RouteObject = {
  path: '*',
  lazy: async () => ({ Component: (await import('./not-found.tsx')).AppNotFoundPage }),
};
