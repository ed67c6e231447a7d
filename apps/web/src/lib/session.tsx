import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { SessionUser } from './session-user.ts';

export type { SessionUser } from './session-user.ts';

export type SessionValue = {
  user: SessionUser | null;
  /** Access token; empty when absent. */
  token: string;
  isAuthenticated: boolean;
  setSession: (session: { user: SessionUser; token: string }) => void;
  /** A renewed access token for the same user. */
  setToken: (token: string) => void;
  clearSession: () => void;
  /**
   * Signs out: ends the session on the server (the logout mutation and the refresh cookie), then
   * replaces the page with `logoutUrl`, which discards everything this page held in memory.
   */
  logout: (logoutUrl?: string) => Promise<void>;
  /** Always the latest token, for code outside React rendering (the GraphQL client). */
  getToken: () => string;
};

const SessionContext = createContext<SessionValue | null>(null);

/**
 * Holds the session in memory only (spec section 4): the user and the access token are never
 * written to storage. The refresh token never reaches JavaScript at all: it lives in an HttpOnly
 * cookie that only `/session/*` reads, which is how a reload gets its session back (decision 0004).
 * isAuthenticated is true only when both a user and a token are present.
 */
export const SessionProvider = ({ children, initial }: { children: ReactNode; initial?: { user: SessionUser; token: string } }) => {
  const [user, setUser] = useState<SessionUser | null>(initial?.user ?? null);
  const [token, setTokenState] = useState(initial?.token ?? '');
  const tokenRef = useRef(token);

  // Stable identities: the GraphQL client is built once and reads the latest token through these.
  const getToken = useCallback(() => tokenRef.current, []);
  const setToken = useCallback((next: string) => {
    tokenRef.current = next;
    setTokenState(next);
  }, []);
  const setSession = useCallback(
    (session: { user: SessionUser; token: string }) => {
      setUser(session.user);
      setToken(session.token);
    },
    [setToken],
  );
  const clearSession = useCallback(() => {
    setUser(null);
    setToken('');
  }, [setToken]);
  const logout = useCallback(async (logoutUrl = '/auth/login') => {
    const signedInWith = tokenRef.current;
    // From here on nothing this page sends carries the token. The screen stays as it is (no
    // signed-out flash, no attempt to restore) until the sign-in page replaces it.
    tokenRef.current = '';
    try {
      // Loaded on demand: the public pages never download the session routes' client.
      const { endServerSession } = await import('./session-api.ts');
      await endServerSession(signedInWith);
    } catch {
      // The chunk could not load: the server session ends when its tokens expire.
    }
    window.location.replace(logoutUrl);
  }, []);

  const value = useMemo<SessionValue>(
    () => ({
      user,
      token,
      isAuthenticated: Boolean(user && token),
      setSession,
      setToken,
      clearSession,
      logout,
      getToken,
    }),
    [user, token, setSession, setToken, clearSession, logout, getToken],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
};

export const useSession = (): SessionValue => {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
};
