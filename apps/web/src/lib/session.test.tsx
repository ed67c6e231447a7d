import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionProvider, type SessionUser, useSession } from './session.tsx';

const user: SessionUser = {
  id: 'u1',
  role: 'organization_admin',
  language: 'en',
  email: 'ops@northsea.example',
  organizationUser: null,
};

/** Signs in with tokens a test can look for in storage afterwards. */
const Probe = () => {
  const session = useSession();
  return (
    <button type="button" onClick={() => session.setSession({ user, token: 'secret-token', refreshToken: 'secret-refresh' })}>
      sign in
    </button>
  );
};

describe('session', () => {
  it('throws when used outside its provider', () => {
    expect(() => renderHook(() => useSession())).toThrow('useSession must be used within a SessionProvider');
  });

  it('is authenticated only when both a user and a token are present', () => {
    const { result } = renderHook(() => useSession(), { wrapper: SessionProvider });
    expect(result.current.isAuthenticated).toBe(false);
    expect(result.current.token).toBe('');
    act(() => result.current.setTokens({ token: 'abc' }));
    expect(result.current.isAuthenticated).toBe(false);
    act(() => result.current.setSession({ user, token: 'abc', refreshToken: 'r1' }));
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.getToken()).toBe('abc');
    act(() => result.current.setSession({ user, token: '' }));
    expect(result.current.isAuthenticated).toBe(false);
    act(() => result.current.clearSession());
    expect(result.current.user).toBeNull();
    expect(result.current.getRefreshToken()).toBe('');
  });

  it('keeps nothing in browser storage', () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    act(() => screen.getByRole('button').click());
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toContain('secret');
  });
});
