import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    <button type="button" onClick={() => session.setSession({ user, token: 'secret-token' })}>
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
    act(() => result.current.setToken('abc'));
    expect(result.current.isAuthenticated).toBe(false);
    act(() => result.current.setSession({ user, token: 'abc' }));
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.getToken()).toBe('abc');
    act(() => result.current.setToken('renewed'));
    expect(result.current.getToken()).toBe('renewed');
    expect(result.current.user).toEqual(user);
    act(() => result.current.setSession({ user, token: '' }));
    expect(result.current.isAuthenticated).toBe(false);
    act(() => result.current.clearSession());
    expect(result.current.user).toBeNull();
    expect(result.current.getToken()).toBe('');
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

  describe('sign-out', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });

    it('ends the session on the server (logout mutation and the cookie route), forgets the token, then opens sign-in', async () => {
      const calls: { url: string; authorization: string | null }[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
          calls.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
          return new Response(null, { status: 204 });
        }),
      );
      const replace = vi.fn();
      vi.stubGlobal('location', { ...window.location, replace });
      const { result } = renderHook(() => useSession(), { wrapper: SessionProvider });
      act(() => result.current.setSession({ user, token: 'abc' }));
      await act(() => result.current.logout());
      expect(calls).toEqual(
        expect.arrayContaining([
          { url: '/graphql', authorization: 'Bearer abc' },
          { url: '/session/end', authorization: null },
        ]),
      );
      expect(calls).toHaveLength(2);
      expect(result.current.getToken()).toBe('');
      expect(replace).toHaveBeenCalledWith('/auth/login');
    });

    it('still leaves for the sign-in page when the server cannot be reached', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new TypeError('offline');
        }),
      );
      const replace = vi.fn();
      vi.stubGlobal('location', { ...window.location, replace });
      const { result } = renderHook(() => useSession(), { wrapper: SessionProvider });
      act(() => result.current.setSession({ user, token: 'abc' }));
      await act(() => result.current.logout());
      expect(replace).toHaveBeenCalledWith('/auth/login');
    });
  });
});
