import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { Client, makeResult, type Operation, Provider } from 'urql';
import { filter, fromValue, mergeMap, never, pipe } from 'wonka';
import { describe, expect, it } from 'vitest';
import { SessionProvider, type SessionUser } from '../lib/session.tsx';
import { appNotFoundRoute, appRoutes, screenAccess } from './app-routes.ts';
import { appNavigation } from './navigation.ts';
import { guardScreen } from './route-guard.tsx';

const supplier: SessionUser = {
  id: 'u2',
  role: 'supplier_contributor',
  language: 'en',
  email: 'supplier@baltic-marine.example',
  organizationUser: {
    id: 'm2',
    organizationId: 'o2',
    firstName: 'Jonas',
    lastName: 'Berg',
    organization: { id: 'o2', name: 'Baltic Marine Services', organizationType: 'supplier', organizationTypeLabel: 'Supplier' },
  },
};
const customerUser: SessionUser = {
  ...supplier,
  organizationUser: {
    ...(supplier.organizationUser as NonNullable<SessionUser['organizationUser']>),
    organization: { id: 'o1', name: 'Nordwind Shipping', organizationType: 'customer', organizationTypeLabel: null },
  },
};
const SUPPLIER_PERMISSIONS = ['organization:read', 'suppliers:read', 'uploads:read', 'data-entries:read', 'calendar:read'];

/** A client that answers the viewer query with `permissions` (or never), and records every operation asked for. */
const viewerClient = (permissions: string[] | 'pending') => {
  const asked: string[] = [];
  const client = new Client({
    url: '/graphql',
    exchanges: [
      () => (operations$) =>
        pipe(
          operations$,
          filter((operation: Operation) => operation.kind !== 'teardown'),
          mergeMap((operation: Operation) => {
            const name = operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value ?? '?';
            asked.push(name);
            if (name !== 'Viewer' || permissions === 'pending') return never;
            return fromValue(makeResult(operation, { data: { viewer: { userId: 'u2', organizationId: 'o2', permissions } } }));
          }),
        ),
    ],
  });
  return { client, asked };
};

const renderApp = (path: string, permissions: string[] | 'pending', user: SessionUser = supplier) => {
  const { client, asked } = viewerClient(permissions);
  const router = createMemoryRouter([{ path: '/app', element: <Outlet />, children: [...appRoutes, appNotFoundRoute] }], {
    initialEntries: [path],
  });
  render(
    <SessionProvider initial={{ user, token: 't' }}>
      <Provider value={client}>
        <RouterProvider router={router} />
      </Provider>
    </SessionProvider>,
  );
  return { asked };
};

describe('route access', () => {
  it('reads each screen’s permission from its navigation item, and every menu item has a screen', () => {
    expect(screenAccess('roles')).toEqual({ permission: 'roles:read', label: 'Roles & permissions', supplierLabel: undefined });
    expect(screenAccess('audit-log').permission).toBe('audit-logs:read');
    expect(screenAccess('suppliers')).toMatchObject({ permission: 'suppliers:read', supplierLabel: 'Customers' });
    expect(screenAccess('').permission).toBeUndefined();
    expect(screenAccess('account').permission).toBeUndefined();
    expect(screenAccess('uploads/:fileUploadId/files/:fileId')).toMatchObject({ permission: 'uploads:read', label: 'Uploads' });
    expect(screenAccess('uploadsX').permission).toBeUndefined();
    const paths = appRoutes.map((route) => (route.index ? '/app' : `/app/${route.path}`));
    for (const item of appNavigation) expect(paths, `${item.label} has a screen`).toContain(item.to);
  });
});

describe('route guard', () => {
  for (const [path, area] of [
    ['/app/roles', 'Roles & permissions'],
    ['/app/audit-log', 'Audit log'],
    ['/app/users', 'Users'],
    ['/app/sign-in-log', 'Sign-in log'],
  ] as const) {
    it(`shows a supplier the "not available" page on ${path} and asks the API for nothing but the viewer`, async () => {
      const { asked } = renderApp(path, SUPPLIER_PERMISSIONS);
      expect(await screen.findByRole('heading', { name: "This area isn't open to you" }, { timeout: 5000 })).toBeInTheDocument();
      expect(
        screen.getByText(
          `${area} is part of a customer organisation's administration, so supplier accounts such as Baltic Marine Services don't include it. If you think you need it, contact the customer who invited you.`,
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/app');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect([...new Set(asked)]).toEqual(['Viewer']);
    });
  }

  it('names the organisation’s administrators to a customer user without the permission', async () => {
    renderApp('/app/roles', ['organization:read'], customerUser);
    expect(
      await screen.findByText(
        "Roles & permissions isn't part of your role at Nordwind Shipping. If you need it for your work, ask an administrator at Nordwind Shipping to add it to your role.",
      ),
    ).toBeInTheDocument();
  });

  it('holds a placeholder, not the screen, while the permissions load', async () => {
    const Screen = () => <p>secret screen</p>;
    const Guarded = guardScreen(Screen, { permission: 'roles:read', label: 'Roles' });
    const { client } = viewerClient('pending');
    render(
      <SessionProvider initial={{ user: supplier, token: 't' }}>
        <Provider value={client}>
          <Guarded />
        </Provider>
      </SessionProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access');
    expect(screen.queryByText('secret screen')).not.toBeInTheDocument();
  });

  it('renders the screen for a viewer holding the permission', async () => {
    const Screen = () => <p>roles screen</p>;
    const Guarded = guardScreen(Screen, { permission: 'roles:read', label: 'Roles' });
    const { client } = viewerClient(['roles:read']);
    render(
      <SessionProvider initial={{ user: customerUser, token: 't' }}>
        <Provider value={client}>
          <Guarded />
        </Provider>
      </SessionProvider>,
    );
    expect(await screen.findByText('roles screen')).toBeInTheDocument();
  });

  it('leaves screens without a permission unwrapped', () => {
    const Screen = () => null;
    expect(guardScreen(Screen, { label: 'My account' })).toBe(Screen);
  });

  it('answers an unknown address inside the application with a way to the dashboard, not to sign-in', async () => {
    renderApp('/app/nonexistent', SUPPLIER_PERMISSIONS);
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/app');
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
