import { randomUUID } from 'node:crypto';

/** Shared by the PACT connection tests: the GraphQL they call and footprint documents a partner serves. */

export const CONNECTION_FIELDS = `id name baseUrl tokenUrl clientId status lastSyncStartedAt lastSyncedAt lastError footprintCount
  footprintsWithQuantity createdAt supplier { organization { id name } } entriesFile { id status }`;

export const CREATE_CONNECTION = `mutation($input: CreatePactConnectionInput!) { createPactConnection(input: $input) { ${CONNECTION_FIELDS} } }`;
export const UPDATE_CONNECTION = `mutation($input: UpdatePactConnectionInput!) { updatePactConnection(input: $input) { ${CONNECTION_FIELDS} } }`;
export const DELETE_CONNECTION = 'mutation($id: ID!) { deletePactConnection(id: $id) }';
export const SYNC_CONNECTION = `mutation($id: ID!) { syncPactConnection(id: $id) { ${CONNECTION_FIELDS} } }`;
export const CONNECTION = `query($id: ID!) { pactConnection(id: $id) { ${CONNECTION_FIELDS} } }`;
export const CONNECTIONS = `query { pactConnections { ${CONNECTION_FIELDS} } }`;
export const RECEIVED = `query($filter: PactReceivedFootprintFilterInput) {
  pactReceivedFootprints(filter: $filter, pagination: { pageSize: 100 }) {
    data { id productName productIds companyName version status declaredUnit pcfExcludingBiogenic quantity isValid problems }
    pageInfo { totalCount }
  }
}`;
export const SET_QUANTITY = `mutation($input: SetPactFootprintQuantityInput!) {
  setPactFootprintQuantity(input: $input) { id quantity status }
}`;

export type ConnectionView = {
  id: string;
  name: string;
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  status: string;
  lastError: string | null;
  lastSyncedAt: string | null;
  footprintCount: number;
  footprintsWithQuantity: number;
  supplier: { organization: { id: string; name: string } } | null;
  entriesFile: { id: string; status: string } | null;
};

export type ReceivedView = {
  id: string;
  productName: string;
  productIds: string[];
  companyName: string;
  version: number;
  status: string;
  declaredUnit: string;
  pcfExcludingBiogenic: string;
  quantity: number | null;
  isValid: boolean;
  problems: string[];
};

/**
 * A ProductFootprint of the v2.3 data model (the specification's example, reference period 2021), for one product.
 */
export const footprintDocument = (options: {
  id?: string;
  productId: string;
  name: string;
  pcf: string;
  version?: number;
  created?: string;
  precedingPfIds?: string[];
  companyName?: string;
}) => ({
  id: options.id ?? randomUUID(),
  specVersion: '2.3.0',
  ...(options.precedingPfIds ? { precedingPfIds: options.precedingPfIds } : {}),
  version: options.version ?? 1,
  created: options.created ?? '2022-03-01T09:32:20Z',
  status: 'Active',
  companyName: options.companyName ?? 'Nordic Lubricants AS',
  companyIds: ['urn:epc:id:sgln:562958.00000.4'],
  productDescription: options.name,
  productIds: [options.productId],
  productCategoryCpc: '3341',
  productNameCompany: options.name,
  comment: '',
  pcf: {
    declaredUnit: 'liter',
    unitaryProductAmount: '1',
    pCfExcludingBiogenic: options.pcf,
    pCfIncludingBiogenic: options.pcf,
    fossilGhgEmissions: options.pcf,
    fossilCarbonContent: '0',
    biogenicCarbonContent: '0',
    dLucGhgEmissions: '0',
    landManagementGhgEmissions: '0',
    otherBiogenicGhgEmissions: '0',
    iLucGhgEmissions: '0',
    biogenicCarbonWithdrawal: '0',
    aircraftGhgEmissions: '0',
    characterizationFactors: 'AR6',
    ipccCharacterizationFactorsSources: ['AR6'],
    crossSectoralStandardsUsed: ['GHG Protocol Product standard'],
    crossSectoralStandards: ['GHGP Product'],
    productOrSectorSpecificRules: [{ operator: 'Other', ruleNames: ['Lubricants rules'], otherOperatorName: 'Industry' }],
    boundaryProcessesDescription: 'Cradle to gate',
    referencePeriodStart: '2021-01-01T00:00:00Z',
    referencePeriodEnd: '2022-01-01T00:00:00Z',
    geographyRegionOrSubregion: 'Northern Europe',
    exemptedEmissionsPercent: 0,
    exemptedEmissionsDescription: '',
    packagingEmissionsIncluded: false,
    primaryDataShare: 60,
  },
});
