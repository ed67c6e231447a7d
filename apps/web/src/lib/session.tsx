import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

/** The signed-in user as the Session result returns it (spec section 3). */
export type SessionUser = {
  id: string;
  role: string;
  language: string | null;
  email: string;
  organizationUser: {
    id: string;
    organizationId: string;
    firstName: string;
    lastName: string;
    organization: { id: string; name: string; organizationType: string; organizationTypeLabel: string | null };
  } | null;
};

export type SessionValue = {
  user: SessionUser | null;
  /** Access token; empty when absent. */
  token: string;
  refreshToken: string;
  isAuthenticated: boolean;
  setSession: (session: { user: SessionUser; token: string; refreshToken?: string }) => void;
  setTokens: (tokens: { token: string; refreshToken?: string }) => void;
  clearSession: () => void;
  /** Clears the session and replaces the location with the logout URL. */
  logout: (logoutUrl?: string) => void;
  /** Always the latest token, for code outside React rendering (the GraphQL client). */
  getToken: () => string;
  getRefreshToken: () => string;
};

const SessionContext = createContext<SessionValue | null>(null);

/**
 * Holds the session in memory only (spec section 4): nothing is written to storage, so closing the
 * tab ends it. isAuthenticated is true only when both a user and a token are present.
 */
export const SessionProvider = ({ children, initial }: { children: ReactNode; initial?: { user: SessionUser; token: string } }) => {
  const [user, setUser] = useState<SessionUser | null>(initial?.user ?? null);
  const [token, setToken] = useState(initial?.token ?? '');
  const [refreshToken, setRefreshToken] = useState('');
  const tokenRef = useRef(token);
  const refreshRef = useRef(refreshToken);

  // Stable identities: the GraphQL client is built once and reads the latest token through these.
  const getToken = useCallback(() => tokenRef.current, []);
  const getRefreshToken = useCallback(() => refreshRef.current, []);
  const setTokens = useCallback((tokens: { token: string; refreshToken?: string }) => {
    tokenRef.current = tokens.token;
    setToken(tokens.token);
    if (tokens.refreshToken !== undefined) {
      refreshRef.current = tokens.refreshToken;
      setRefreshToken(tokens.refreshToken);
    }
  }, []);
  const setSession = useCallback(
    (session: { user: SessionUser; token: string; refreshToken?: string }) => {
      setUser(session.user);
      setTokens(session);
    },
    [setTokens],
  );
  const clearSession = useCallback(() => {
    setUser(null);
    setTokens({ token: '', refreshToken: '' });
  }, [setTokens]);
  const logout = useCallback(
    (logoutUrl = '/auth/login') => {
      clearSession();
      window.location.replace(logoutUrl);
    },
    [clearSession],
  );

  const value = useMemo<SessionValue>(
    () => ({
      user,
      token,
      refreshToken,
      isAuthenticated: Boolean(user && token),
      setSession,
      setTokens,
      clearSession,
      logout,
      getToken,
      getRefreshToken,
    }),
    [user, token, refreshToken, setSession, setTokens, clearSession, logout, getToken, getRefreshToken],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
};

export const useSession = (): SessionValue => {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
};
