import { AUTH_STORAGE_KEYS } from '@tidewise/shared/auth';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Client, Provider } from 'urql';
import { never } from 'wonka';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '../../../lib/session.tsx';
import { authRoutes } from '../routes.tsx';
import { mfaRedirect, resetNewRedirect, resetValidateRedirect, signupRedirect } from './guards.ts';
import { readSignupData, writeSignupData, EMPTY_SIGNUP } from '../../../lib/auth-storage.ts';

const idleClient = new Client({ url: '/graphql', exchanges: [() => () => never] });

const stub = (text: string) => ({ element: <p>{text}</p> });

const renderAt = (path: string) => {
  const router = createMemoryRouter(
    [
      {
        path: '/auth',
        children: authRoutes.map((route) =>
          route.path === 'login' || route.path === 'forgot-password' || route.path === 'register' || route.path === 'organization-signup'
            ? { path: route.path, ...stub(`stub:${route.path}`) }
            : route,
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionProvider>
      <Provider value={idleClient}>
        <RouterProvider router={router} />
      </Provider>
    </SessionProvider>,
  );
};

describe('guards as functions', () => {
  it('MFA screens need a user id and a token from the query or session storage', () => {
    expect(mfaRedirect(new URLSearchParams('userId=u1'))).toBe('/auth/login');
    expect(mfaRedirect(new URLSearchParams('userId=u1&token=t1'))).toBeNull();
    sessionStorage.setItem(AUTH_STORAGE_KEYS.mfaUserId, 'u1');
    expect(mfaRedirect(new URLSearchParams())).toBe('/auth/login');
    sessionStorage.setItem(AUTH_STORAGE_KEYS.mfaToken, 't1');
    expect(mfaRedirect(new URLSearchParams('login=true'))).toBeNull();
  });

  it('reset screens need the reset token, and the new-password screen the validated flag too', () => {
    expect(resetValidateRedirect()).toBe('/auth/forgot-password');
    sessionStorage.setItem(AUTH_STORAGE_KEYS.resetToken, 'r');
    expect(resetValidateRedirect()).toBeNull();
    expect(resetNewRedirect()).toBe('/auth/forgot-password');
    sessionStorage.setItem(AUTH_STORAGE_KEYS.resetValidated, 'true');
    expect(resetNewRedirect()).toBeNull();
  });

  it('sign-up steps 2 to 4 need the data of step 1', () => {
    expect(signupRedirect()).toBe('/auth/organization-signup');
    writeSignupData({ ...EMPTY_SIGNUP, organizationName: 'Nordwind', firstName: 'A', lastName: 'N', email: 'a@n.example' });
    expect(signupRedirect()).toBeNull();
  });
});

describe('guards on the screens', () => {
  it.each([
    ['/auth/mfa/verify?login=true', 'stub:login'],
    ['/auth/mfa/email-verify?userId=u1&login=true', 'stub:login'],
    ['/auth/reset-password/validate', 'stub:forgot-password'],
    ['/auth/reset-password/new', 'stub:forgot-password'],
    ['/auth/register/mfa', 'stub:register'],
    ['/auth/organization-signup/details', 'stub:organization-signup'],
    ['/auth/organization-signup/mfa', 'stub:organization-signup'],
    ['/auth/organization-signup/welcome', 'stub:organization-signup'],
  ])('%s without its state goes to %s', async (path, target) => {
    renderAt(path);
    // The first lazy screen import can take a moment while other test files run.
    expect(await screen.findByText(target, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the authenticator screen when the login state is in session storage', async () => {
    sessionStorage.setItem(AUTH_STORAGE_KEYS.mfaUserId, 'u1');
    sessionStorage.setItem(AUTH_STORAGE_KEYS.mfaToken, 't1');
    renderAt('/auth/mfa/verify?login=true');
    expect(await screen.findByRole('heading', { name: 'Two-factor verification' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the reset code screen with a reset token', async () => {
    sessionStorage.setItem(AUTH_STORAGE_KEYS.resetToken, 'r');
    renderAt('/auth/reset-password/validate');
    expect(await screen.findByRole('heading', { name: 'Enter your code' }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('organisation sign-up storage', () => {
  it('keeps step 1 in session storage but never the password', async () => {
    const user = userEvent.setup();
    const { SignupAccountStep } = await import('../pages/organization-signup/account-step.tsx');
    const real = createMemoryRouter(
      [
        { path: '/auth/organization-signup', element: <SignupAccountStep /> },
        { path: '/auth/organization-signup/details', element: <p>details</p> },
      ],
      { initialEntries: ['/auth/organization-signup'] },
    );
    render(<RouterProvider router={real} />);
    await user.type(screen.getByLabelText('Organisation name'), 'Nordwind Shipping');
    await user.type(screen.getByLabelText('First name'), 'Astrid');
    await user.type(screen.getByLabelText('Last name'), 'Nordahl');
    await user.type(screen.getByLabelText('Work email'), 'astrid@nordwind.example');
    await user.type(screen.getByLabelText('Password'), 'Harbour-Secret-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Harbour-Secret-2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Harbour-Secret-1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('details')).toBeInTheDocument();
    const stored = sessionStorage.getItem(AUTH_STORAGE_KEYS.organizationSignupData) ?? '';
    expect(readSignupData()?.organizationName).toBe('Nordwind Shipping');
    expect(stored).not.toContain('Harbour-Secret-1');
    expect(stored).not.toContain('password');
  });
});
