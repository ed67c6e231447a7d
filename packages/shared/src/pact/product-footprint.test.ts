import { describe, expect, it } from 'vitest';
import { PACT_ERRORS, PACT_EVENT_TYPES, PACT_SPEC_VERSION, parseProductFootprint } from './product-footprint.ts';

/**
 * The example of the specification's GetFootprint response (examples/get-footprint-response.json), with the fixes
 * its own changelog lists up to 2.3.0: data quality ratings as numbers (2.2.1), no `geographicScope` wrapper (2.2.1),
 * `GHGP` for the biogenic accounting methodology, a non-empty assurance provider, and the 2.3 `crossSectoralStandards`.
 */
const specExample = () => ({
  id: '91715e5e-fd0b-4d1c-8fab-76290c46e6ed',
  specVersion: '2.3.0',
  precedingPfIds: ['d6985fe5-e569-5695-d47d-526dad7525d5', 'd6985fe5-e569-5695-d47d-526dad7525d6'],
  version: 1,
  created: '2022-03-01T09:32:20Z',
  status: 'Active',
  validityPeriodStart: '2022-03-01T09:32:20Z',
  validityPeriodEnd: '2024-12-31T00:00:00Z',
  companyName: 'My Corp',
  companyIds: ['urn:uuid:69585GB6-56T9-6958-E526-6FDGZJHU1326', 'urn:epc:id:sgln:562958.00000.4'],
  productDescription: 'Bio-Ethanol 98%, corn feedstock (bulk - no packaging)',
  productIds: ['urn:gtin:5695872369587'],
  productCategoryCpc: '6398',
  productNameCompany: 'Green Ethanol',
  comment: '',
  pcf: {
    declaredUnit: 'liter',
    unitaryProductAmount: '1',
    pCfExcludingBiogenic: '1.63',
    pCfIncludingBiogenic: '1.85',
    fossilGhgEmissions: '1.5',
    fossilCarbonContent: '0',
    biogenicCarbonContent: '0.41',
    dLucGhgEmissions: '0.8',
    landManagementGhgEmissions: '0.6',
    otherBiogenicGhgEmissions: '0.4',
    iLucGhgEmissions: '0',
    biogenicCarbonWithdrawal: '-1.5',
    aircraftGhgEmissions: '0.2',
    characterizationFactors: 'AR6',
    ipccCharacterizationFactorsSources: ['AR6'],
    crossSectoralStandardsUsed: ['GHG Protocol Product standard', 'ISO Standard 14067'],
    crossSectoralStandards: ['GHGP Product', 'ISO14067'],
    productOrSectorSpecificRules: [
      {
        operator: 'Other',
        ruleNames: ['The Product Carbon Footprint Guideline for the Chemical Industry, v.2.0'],
        otherOperatorName: 'Tfs',
      },
    ],
    biogenicAccountingMethodology: 'GHGP',
    boundaryProcessesDescription: '1) Material acquisition and preprocessing 2) Production 3) Distribution and storage',
    referencePeriodStart: '2021-01-01T00:00:00Z',
    referencePeriodEnd: '2021-12-31T00:00:00Z',
    geographyRegionOrSubregion: 'Western Europe',
    secondaryEmissionFactorSources: [{ name: 'Ecoinvent', version: '3.1' }],
    exemptedEmissionsPercent: 0,
    exemptedEmissionsDescription: '',
    packagingEmissionsIncluded: false,
    primaryDataShare: 12.9,
    dqi: {
      coveragePercent: 78,
      technologicalDQR: 1.6,
      temporalDQR: 2.6,
      geographicalDQR: 1.8,
      completenessDQR: 1.7,
      reliabilityDQR: 2.1,
    },
    assurance: { assurance: false, providerName: 'My Auditor' },
  },
  extensions: [
    {
      specVersion: '2.0.0',
      dataSchema: 'https://catalog.carbon-transparency.com/shipment/1.0.0/data-model.json',
      data: { shipmentId: 'S1234567890' },
    },
  ],
});

type Doc = ReturnType<typeof specExample>;
const problemsOf = (change: (doc: Doc & Record<string, unknown>) => void): string[] => {
  const doc = specExample() as Doc & Record<string, unknown>;
  change(doc);
  const result = parseProductFootprint(doc);
  return result.ok ? [] : result.problems;
};

describe('parseProductFootprint', () => {
  it('accepts the specification example and keeps properties it does not know', () => {
    const result = parseProductFootprint({ ...specExample(), vendorNote: 'kept' });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.footprint.pcf.pCfExcludingBiogenic).toBe('1.63');
      expect((result.footprint as Record<string, unknown>).vendorNote).toBe('kept');
    }
  });

  it('accepts a 2.0 document without the properties later revisions made mandatory', () => {
    expect(
      problemsOf((doc) => {
        doc.specVersion = '2.0.0';
        delete (doc.pcf as Partial<Doc['pcf']>).ipccCharacterizationFactorsSources;
        delete (doc.pcf as Partial<Doc['pcf']>).crossSectoralStandards;
      }),
    ).toEqual([]);
  });

  it.each<[string, (doc: Doc & Record<string, unknown>) => void, string]>([
    [
      'decimal as a number',
      (d) => Object.assign(d.pcf, { pCfExcludingBiogenic: 1.63 }),
      'pcf.pCfExcludingBiogenic: must be a decimal string',
    ],
    [
      'negative footprint',
      (d) => Object.assign(d.pcf, { pCfExcludingBiogenic: '-1' }),
      'pcf.pCfExcludingBiogenic: must be a decimal string equal to or greater than zero',
    ],
    [
      'zero product amount',
      (d) => Object.assign(d.pcf, { unitaryProductAmount: '0.0' }),
      'pcf.unitaryProductAmount: must be a decimal string strictly greater than zero',
    ],
    [
      'positive withdrawal',
      (d) => Object.assign(d.pcf, { biogenicCarbonWithdrawal: '1.5' }),
      'pcf.biogenicCarbonWithdrawal: must be a decimal string equal to or less than zero',
    ],
    ['unknown declared unit', (d) => Object.assign(d.pcf, { declaredUnit: 'piece' }), 'pcf.declaredUnit: must be one of'],
    ['unknown status', (d) => Object.assign(d, { status: 'Draft' }), 'status: must be one of: Active, Deprecated'],
    ['missing pcf field', (d) => delete (d.pcf as Partial<Doc['pcf']>).fossilGhgEmissions, 'pcf.fossilGhgEmissions: is required'],
    ['missing company name', (d) => delete (d as Partial<Doc>).companyName, 'companyName: is required'],
    ['id not a UUID', (d) => Object.assign(d, { id: 'abc' }), 'id: must be a UUID'],
    ['product id not a URN', (d) => Object.assign(d, { productIds: ['gtin-123'] }), 'productIds[0]: must be a URN'],
    [
      'duplicate product ids',
      (d) => Object.assign(d, { productIds: ['urn:gtin:1', 'urn:gtin:1'] }),
      'productIds: must not contain duplicates',
    ],
    ['classification not a URN', (d) => Object.assign(d, { productClassifications: ['6521'] }), 'productClassifications[0]: must be a URN'],
    ['empty company ids', (d) => Object.assign(d, { companyIds: [] }), 'companyIds: must not be empty'],
    [
      'country not alpha-2',
      (d) => Object.assign(d.pcf, { geographyRegionOrSubregion: undefined, geographyCountry: 'FRA' }),
      'pcf.geographyCountry: must be an ISO 3166-1 alpha-2',
    ],
    [
      'unknown region',
      (d) => Object.assign(d.pcf, { geographyRegionOrSubregion: 'Westeros' }),
      'pcf.geographyRegionOrSubregion: must be one of',
    ],
    [
      'two geographic scopes',
      (d) => Object.assign(d.pcf, { geographyCountry: 'FR' }),
      'pcf.geographyCountry: must be undefined when geographyRegionOrSubregion is defined',
    ],
    [
      'old cross-sectoral standard',
      (d) => Object.assign(d.pcf, { crossSectoralStandardsUsed: ['ISO14067'] }),
      'pcf.crossSectoralStandardsUsed[0]: must be one of',
    ],
    [
      'characterization factor',
      (d) => Object.assign(d.pcf, { characterizationFactors: 'AR4' }),
      'pcf.characterizationFactors: must be one of: AR6, AR5',
    ],
    [
      'IPCC source format',
      (d) => Object.assign(d.pcf, { ipccCharacterizationFactorsSources: ['6'] }),
      'pcf.ipccCharacterizationFactorsSources[0]: must be AR followed',
    ],
    [
      '2.3 without crossSectoralStandards',
      (d) => delete (d.pcf as Partial<Doc['pcf']>).crossSectoralStandards,
      'pcf.crossSectoralStandards: is required (specVersion 2.3.0)',
    ],
    [
      'exempted above 5',
      (d) => Object.assign(d.pcf, { exemptedEmissionsPercent: 6 }),
      'pcf.exemptedEmissionsPercent: must be between 0 and 5',
    ],
    [
      'primary data share above 100',
      (d) => Object.assign(d.pcf, { primaryDataShare: 101 }),
      'pcf.primaryDataShare: must be between 0 and 100',
    ],
    ['DQR as a string', (d) => Object.assign(d.pcf.dqi, { temporalDQR: '2.6' }), 'pcf.dqi.temporalDQR: must be a number'],
    ['DQR above 3', (d) => Object.assign(d.pcf.dqi, { temporalDQR: 4 }), 'pcf.dqi.temporalDQR: must be between 1 and 3'],
    [
      'packaging emissions not included',
      (d) => Object.assign(d.pcf, { packagingGhgEmissions: '0.1' }),
      'pcf.packagingGhgEmissions: must be undefined when packagingEmissionsIncluded is false',
    ],
    [
      'date without time zone',
      (d) => Object.assign(d, { created: '2022-03-01T09:32:20' }),
      'created: must be an ISO 8601 date and time in UTC',
    ],
    [
      'validity before reference end',
      (d) => Object.assign(d, { validityPeriodStart: '2021-06-01T00:00:00Z' }),
      'validityPeriodStart: must not be before pcf.referencePeriodEnd',
    ],
    [
      'validity beyond 3 years',
      (d) => Object.assign(d, { validityPeriodEnd: '2025-06-01T00:00:00Z' }),
      'validityPeriodEnd: must be at most 3 years after pcf.referencePeriodEnd',
    ],
    [
      'other operator without name',
      (d) => Object.assign(d.pcf, { productOrSectorSpecificRules: [{ operator: 'Other', ruleNames: ['x'] }] }),
      'pcf.productOrSectorSpecificRules[0].otherOperatorName: is required when operator is Other',
    ],
    [
      'assurance without provider',
      (d) => Object.assign(d.pcf, { assurance: { assurance: true } }),
      'pcf.assurance.providerName: is required',
    ],
    [
      'neither share nor dqi before 2025',
      (d) => Object.assign(d.pcf, { primaryDataShare: undefined, dqi: undefined }),
      'pcf.primaryDataShare: primaryDataShare or dqi must be defined',
    ],
    ['v3 document', (d) => Object.assign(d, { specVersion: '3.0.0' }), 'specVersion: must be a 2.x version'],
  ])('%s', (_name, change, expected) => {
    expect(problemsOf(change).join('\n')).toContain(expected);
  });

  it('requires the O* properties and every data quality rating for a 2025 reference period', () => {
    const problems = problemsOf((d) => {
      Object.assign(d.pcf, { referencePeriodStart: '2025-01-01T00:00:00Z', referencePeriodEnd: '2026-01-01T00:00:00Z' });
      delete (d as Partial<Doc>).validityPeriodStart;
      delete (d as Partial<Doc>).validityPeriodEnd;
      delete (d.pcf as Partial<Doc['pcf']>).pCfIncludingBiogenic;
      delete (d.pcf.dqi as Partial<Doc['pcf']['dqi']>).coveragePercent;
    });
    expect(problems).toEqual([
      'pcf.pCfIncludingBiogenic: is required for reference periods including 2025 or later',
      'pcf.dqi.coveragePercent: is required for reference periods including 2025 or later',
    ]);
  });

  it('answers a non-object with one problem', () => {
    expect(parseProductFootprint('x')).toEqual({ ok: false, problems: ['must be a JSON object'] });
  });
});

describe('PACT constants', () => {
  it('match the specification text', () => {
    expect(PACT_SPEC_VERSION).toMatch(/^2\.3\.\d+$/);
    expect(PACT_EVENT_TYPES.requestFulfilled).toBe('org.wbcsd.pathfinder.ProductFootprintRequest.Fulfilled.v1');
    expect(PACT_ERRORS.NotImplemented.status).toBe(400);
    expect(PACT_ERRORS.AccessDenied.status).toBe(403);
    expect(PACT_ERRORS.TokenExpired.status).toBe(401);
  });
});
