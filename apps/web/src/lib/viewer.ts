import { useQuery } from 'urql';
import { graphql, type ResultOf } from './graphql.ts';

export const ViewerQuery = graphql(`
  query Viewer {
    viewer { userId organizationId permissions }
  }
`);

export type Viewer = ResultOf<typeof ViewerQuery>['viewer'];

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

const OrganizationTimeZoneQuery = graphql(`
  query OrganizationTimeZone {
    organizationSetting { timezone }
  }
`);

/**
 * The zone the signed-in user reads dates in: their own when they have one (the API keeps none per
 * user yet), otherwise their organisation's setting, otherwise the browser's (undefined), which is
 * also what a user who may not read the organisation's settings gets.
 */
export const useViewerTimeZone = ({ pause = false }: { pause?: boolean } = {}): string | undefined => {
  const { can } = useViewer({ pause });
  const [{ data }] = useQuery({
    query: OrganizationTimeZoneQuery,
    requestPolicy: 'cache-first',
    pause: pause || !can('organization:read'),
  });
  return data?.organizationSetting.timezone || undefined;
};
