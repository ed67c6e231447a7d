import { dataOf, type Gql } from '../../../test/graphql-test-kit.ts';

/** For the PACT tests: issuing and listing API credentials through GraphQL, as the screens do. */

export const PACT_CLIENT_FIELDS = 'id name clientId secretHint createdAt createdByEmail lastUsedAt revokedAt active';

export const CREATE_PACT_CLIENT = `mutation($input: CreatePactClientInput!) {
  createPactClient(input: $input) { clientSecret tokenUrl apiBaseUrl client { ${PACT_CLIENT_FIELDS} } }
}`;
export const REVOKE_PACT_CLIENT = `mutation($id: ID!) { revokePactClient(id: $id) { ${PACT_CLIENT_FIELDS} } }`;
export const PACT_CLIENTS = `query($includeRevoked: Boolean) { pactClients(includeRevoked: $includeRevoked) { ${PACT_CLIENT_FIELDS} } }`;

export type PactClientView = {
  id: string;
  name: string;
  clientId: string;
  secretHint: string;
  createdAt: string;
  createdByEmail: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  active: boolean;
};

export type IssuedPactClient = { clientSecret: string; tokenUrl: string; apiBaseUrl: string; client: PactClientView };

/** Credentials issued by an administrator: the client id and the secret a partner would be handed. */
export const issuePactClient = async (gql: Gql, name: string, connectionId?: string): Promise<IssuedPactClient> =>
  dataOf(await gql<{ createPactClient: IssuedPactClient }>(CREATE_PACT_CLIENT, { input: { name, connectionId } })).createPactClient;
