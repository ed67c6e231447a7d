import { type ReactNode, useMemo } from 'react';
import { Provider as UrqlProvider } from 'urql';
import { createGraphqlClient, reauthUrl } from '../lib/graphql-client.ts';
import { SessionProvider, useSession } from '../lib/session.tsx';
import { tokenRefreshExchange } from '../lib/token-refresh.ts';
import { ThemeProvider } from '../lib/theme.tsx';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

const GraphqlProvider = ({ children, navigate }: { children: ReactNode; navigate: Navigate }) => {
  const session = useSession();
  const { getToken, getRefreshToken, setTokens } = session;
  const client = useMemo(
    () =>
      createGraphqlClient({
        getToken,
        onUnauthorized: () => navigate(reauthUrl(window.location), { replace: true }),
        exchanges: [tokenRefreshExchange({ getToken, getRefreshToken, setTokens })],
      }),
    [getToken, getRefreshToken, setTokens, navigate],
  );
  return <UrqlProvider value={client}>{children}</UrqlProvider>;
};

/** Theme, in-memory session and the GraphQL client, around the router. */
export const AppProviders = ({ children, navigate }: { children: ReactNode; navigate: Navigate }) => (
  <ThemeProvider>
    <SessionProvider>
      <GraphqlProvider navigate={navigate}>{children}</GraphqlProvider>
    </SessionProvider>
  </ThemeProvider>
);
