import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, type SessionUser, useSession } from '../lib/session.tsx';
import { SessionGate } from './session-gate.tsx';

const user: SessionUser = {
  id: 'u1',
  role: 'organization_admin',
  language: 'en',
  email: 'astrid@nordwind.example',
  organizationUser: null,
};

const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SignedIn = () => {
  const { user: current, getToken } = useSession();
  return (
    <p>
      content for {current?.email} with {getToken()}
    </p>
  );
};

const SignInStub = () => {
  const location = useLocation();
  return <p>sign-in page {`${location.pathname}${location.search}`}</p>;
};

const renderAt = (path: string, initial?: { user: SessionUser; token: string }) => {
  const router = createMemoryRouter(
    [
      {
        path: '/app/*',
        element: (
          <SessionGate>
            <SignedIn />
          </SessionGate>
        ),
      },
      { path: '/auth/login', element: <SignInStub /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionProvider initial={initial}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
};

describe('session restore on entering the application', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the restoring screen (never the sign-in page), then the page the user was on', async () => {
    let release: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (release = resolve)));
    renderAt('/app/users?page=2');
    expect(screen.getByRole('status')).toHaveTextContent('Restoring your session');
    expect(screen.queryByText(/sign-in page/)).not.toBeInTheDocument();
    release(answer(200, { token: 'access-1', refreshToken: null, user }));
    expect(await screen.findByText('content for astrid@nordwind.example with access-1')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/session/refresh');
  });

  it('sends a user without a session to sign in, coming back to the same page afterwards', async () => {
    fetchMock.mockResolvedValue(answer(401, { errors: [{ message: 'Unauthenticated', extensions: { code: 'UNAUTHENTICATED' } }] }));
    renderAt('/app/users?page=2');
    expect(await screen.findByText('sign-in page /auth/login?next=%2Fapp%2Fusers%3Fpage%3D2')).toBeInTheDocument();
  });

  it('offers to try again when the server cannot be reached, instead of signing the user out', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    renderAt('/app');
    expect(await screen.findByRole('heading', { name: "We couldn't reach Tidewise" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login?next=%2Fapp');
    fetchMock.mockResolvedValue(answer(200, { token: 'access-2', user }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('content for astrid@nordwind.example with access-2')).toBeInTheDocument();
  });

  it('asks nothing when the session is already in memory', () => {
    renderAt('/app', { user, token: 'in-memory' });
    expect(screen.getByText('content for astrid@nordwind.example with in-memory')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
