import { gql, useQuery } from 'urql';

export type Viewer = { userId: string; organizationId: string; permissions: string[] };

export const ViewerQuery = gql<{ viewer: Viewer }, Record<string, never>>`
  query Viewer {
    viewer { userId organizationId permissions }
  }
`;

/** Whether a permission set allows an item that needs `permission` (none needed: always). */
export const allows = (permissions: ReadonlySet<string>, permission: string | undefined) => !permission || permissions.has(permission);

/**
 * The signed-in user's permissions, to hide what they cannot do. The server still decides on every
 * call; while loading (or when the query fails) nothing conditional is shown.
 */
export const useViewer = ({ pause = false }: { pause?: boolean } = {}) => {
  const [{ data, fetching, error }, refetch] = useQuery({ query: ViewerQuery, requestPolicy: 'cache-first', pause });
  const permissions = new Set(data?.viewer.permissions ?? []);
  return {
    viewer: data?.viewer ?? null,
    permissions,
    loading: fetching && !data,
    error,
    can: (permission: string) => permissions.has(permission),
    refetch: () => refetch({ requestPolicy: 'network-only' }),
  };
};
