import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql.ts';
import { PageInfoFields } from '../../lib/page-info.ts';

// Connections -----------------------------------------------------------------------------------------

export const PactConnectionFields = graphql(`
  fragment PactConnectionFields on PactConnection {
    id name baseUrl tokenUrl clientId status lastSyncStartedAt lastSyncedAt lastError footprintCount footprintsWithQuantity createdAt
    supplier { id name }
    entriesFile { id originalName }
  }
`);

export type PactConnection = ResultOf<typeof PactConnectionFields>;
export type PactConnectionStatus = PactConnection['status'];

export const PactConnectionsQuery = graphql(
  `
    query PactConnections {
      pactConnections { ...PactConnectionFields }
    }
  `,
  [PactConnectionFields],
);

/** Sync progress of the organisation's connections, pushed as it happens. */
export const PactConnectionUpdatedSubscription = graphql(
  `
    subscription PactConnectionUpdated {
      pactConnectionUpdated { ...PactConnectionFields }
    }
  `,
  [PactConnectionFields],
);

export const CreatePactConnectionMutation = graphql(
  `
    mutation CreatePactConnection($input: CreatePactConnectionInput!) {
      createPactConnection(input: $input) { ...PactConnectionFields }
    }
  `,
  [PactConnectionFields],
);

export type CreatePactConnectionInput = VariablesOf<typeof CreatePactConnectionMutation>['input'];

export const UpdatePactConnectionMutation = graphql(
  `
    mutation UpdatePactConnection($input: UpdatePactConnectionInput!) {
      updatePactConnection(input: $input) { ...PactConnectionFields }
    }
  `,
  [PactConnectionFields],
);

export type UpdatePactConnectionInput = VariablesOf<typeof UpdatePactConnectionMutation>['input'];

export const DeletePactConnectionMutation = graphql(`
  mutation DeletePactConnection($id: ID!) {
    deletePactConnection(id: $id)
  }
`);

export const SyncPactConnectionMutation = graphql(
  `
    mutation SyncPactConnection($id: ID!) {
      syncPactConnection(id: $id) { ...PactConnectionFields }
    }
  `,
  [PactConnectionFields],
);

export const RequestPactFootprintsMutation = graphql(`
  mutation RequestPactFootprints($connectionId: ID!, $productIds: [String!]!, $comment: String) {
    requestPactFootprints(connectionId: $connectionId, productIds: $productIds, comment: $comment) { id status note createdAt }
  }
`);

/** The organisation's active suppliers, for the supplier a connection pulls footprints from. */
export const PactSuppliersQuery = graphql(`
  query PactSuppliers($pagination: PaginationInput) {
    organizationRelationships(status: active, side: customer, pagination: $pagination) {
      data { id supplierOrganization { id name } }
      pageInfo { totalCount }
    }
  }
`);

// Credentials -----------------------------------------------------------------------------------------

export const PactClientFields = graphql(`
  fragment PactClientFields on PactClient {
    id name clientId secretHint createdAt createdByEmail lastUsedAt revokedAt active
    connection { id name }
  }
`);

export type PactClient = ResultOf<typeof PactClientFields>;

export const PactClientsQuery = graphql(
  `
    query PactClients($includeRevoked: Boolean) {
      pactClients(includeRevoked: $includeRevoked) { ...PactClientFields }
    }
  `,
  [PactClientFields],
);

export const CreatePactClientMutation = graphql(
  `
    mutation CreatePactClient($input: CreatePactClientInput!) {
      createPactClient(input: $input) {
        clientSecret tokenUrl apiBaseUrl
        client { ...PactClientFields }
      }
    }
  `,
  [PactClientFields],
);

export type PactClientSecret = ResultOf<typeof CreatePactClientMutation>['createPactClient'];

export const RevokePactClientMutation = graphql(
  `
    mutation RevokePactClient($id: ID!) {
      revokePactClient(id: $id) { ...PactClientFields }
    }
  `,
  [PactClientFields],
);

/** Connection names for the credentials form (which partner the credentials are for). */
export const PactConnectionNamesQuery = graphql(`
  query PactConnectionNames {
    pactConnections { id name }
  }
`);

// Published footprints ----------------------------------------------------------------------------------

export const PactFootprintFields = graphql(`
  fragment PactFootprintFields on PactFootprint {
    id productKey productName version status declaredUnit pcfExcludingBiogenic primaryDataShare
    referencePeriodStart referencePeriodEnd created updated
  }
`);

export type PactFootprint = ResultOf<typeof PactFootprintFields>;
export type PactFootprintStatus = PactFootprint['status'];

export const PactFootprintsQuery = graphql(
  `
    query PactFootprints($filter: PactFootprintFilterInput, $pagination: PaginationInput) {
      pactFootprints(filter: $filter, pagination: $pagination) {
        data { ...PactFootprintFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [PactFootprintFields, PageInfoFields],
);

export type PactFootprintFilter = NonNullable<VariablesOf<typeof PactFootprintsQuery>['filter']>;

/** One footprint with the document exactly as GET /2/footprints/{id} serves it. */
export const PactFootprintQuery = graphql(
  `
    query PactFootprint($id: ID!) {
      pactFootprint(id: $id) { ...PactFootprintFields document }
    }
  `,
  [PactFootprintFields],
);

export const PublishPactFootprintsMutation = graphql(
  `
    mutation PublishPactFootprints($input: PublishPactFootprintsInput!) {
      publishPactFootprints(input: $input) {
        unchanged message
        published { ...PactFootprintFields }
      }
    }
  `,
  [PactFootprintFields],
);

export type PublishResult = ResultOf<typeof PublishPactFootprintsMutation>['publishPactFootprints'];

// Received footprints -----------------------------------------------------------------------------------

export const PactReceivedFootprintFields = graphql(`
  fragment PactReceivedFootprintFields on PactReceivedFootprint {
    id productName productIds companyName version status declaredUnit pcfExcludingBiogenic primaryDataShare
    referencePeriodStart referencePeriodEnd quantity isValid problems receivedAt
    connection { id }
  }
`);

export type PactReceivedFootprint = ResultOf<typeof PactReceivedFootprintFields>;

export const PactReceivedFootprintsQuery = graphql(
  `
    query PactReceivedFootprints($filter: PactReceivedFootprintFilterInput, $pagination: PaginationInput) {
      pactReceivedFootprints(filter: $filter, pagination: $pagination) {
        data { ...PactReceivedFootprintFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [PactReceivedFootprintFields, PageInfoFields],
);

export const SetPactFootprintQuantityMutation = graphql(
  `
    mutation SetPactFootprintQuantity($input: SetPactFootprintQuantityInput!) {
      setPactFootprintQuantity(input: $input) { ...PactReceivedFootprintFields }
    }
  `,
  [PactReceivedFootprintFields],
);

// Events ------------------------------------------------------------------------------------------------

export const PactEventFields = graphql(`
  fragment PactEventFields on PactEvent {
    id direction eventType eventId source status note footprintCount createdAt processedAt
    client { id name }
    connection { id name }
  }
`);

export type PactEvent = ResultOf<typeof PactEventFields>;
export type PactEventDirection = PactEvent['direction'];
export type PactEventStatus = PactEvent['status'];

export const PactEventsQuery = graphql(
  `
    query PactEvents($filter: PactEventFilterInput, $pagination: PaginationInput) {
      pactEvents(filter: $filter, pagination: $pagination) {
        data { ...PactEventFields }
        pageInfo { ...PageInfoFields }
      }
    }
  `,
  [PactEventFields, PageInfoFields],
);
