import { type ComponentType, type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Provider as UrqlProvider } from 'urql';
import { createGraphqlClient, reauthUrl } from '../lib/graphql-client.ts';
import { useSession } from '../lib/session.tsx';
import { tokenRefreshExchange } from '../lib/token-refresh.ts';

/**
 * The GraphQL client for the areas that talk to the API (auth, supplier, app). Kept out of the
 * public pages' bundle: only those areas' lazy layouts load it.
 */
export const GraphqlProvider = ({ children }: { children: ReactNode }) => {
  const navigate = useNavigate();
  const { getToken, setToken } = useSession();
  const client = useMemo(
    () =>
      createGraphqlClient({
        getToken,
        onUnauthorized: () => navigate(reauthUrl(window.location), { replace: true }),
        exchanges: [tokenRefreshExchange({ getToken, setToken })],
      }),
    [getToken, setToken, navigate],
  );
  return <UrqlProvider value={client}>{children}</UrqlProvider>;
};

/** A layout wrapped in the GraphQL client, for a lazy route. */
export const withGraphql = (Layout: ComponentType) => {
  const WithGraphql = () => (
    <GraphqlProvider>
      <Layout />
    </GraphqlProvider>
  );
  return WithGraphql;
};
