import { CROSS_SECTORAL_STANDARDS_USED, PACT_SPEC_VERSION, parseProductFootprint } from '@tidewise/shared/pact/product-footprint';
import type { StoredProductFootprint } from '@tidewise/db/schema/pact';
import { canonicalJson } from '../../../lib/audit.ts';
import type { ShipTypeFigures } from './transport-figures.ts';

/**
 * The ProductFootprint documents this platform publishes for a carrier's own sea transport (docs/pact-exchange.md,
 * "Publishing"): one transport service per ship type and calendar year, in kg CO2e per tonne-kilometre.
 */

/** UN CPC Ver. 2.1 class 6521, "Coastal and transoceanic water transport services of freight". */
export const SEA_FREIGHT_CPC = '6521';

/** Decimals are written with this many places, so the same figures always make the same text. */
const DECIMAL_PLACES = 8;

/** GWP sets PACT v2's characterizationFactors accepts (AR4 is not one of them). */
export const PACT_GWP_SETS = ['AR5', 'AR6'] as const;
export type PactGwpSet = (typeof PACT_GWP_SETS)[number];

export const productKeyOf = (year: number, shipTypeKey: string) => `transport:${year}:${shipTypeKey}`;

/** The product id: a custom code assigned by us as the vendor (the spec's custom product code encoding). */
export const productIdOf = (shipTypeKey: string) => `urn:pathfinder:product:customcode:vendor-assigned:sea-freight:${shipTypeKey}`;

export const productNameOf = (figures: Pick<ShipTypeFigures, 'shipType'>, year: number) =>
  `Sea freight transport, ${figures.shipType ?? 'unspecified ship type'}, ${year}`;

const decimal = (value: number) => value.toFixed(DECIMAL_PLACES);
const rounded = (value: number, places = 2) => Number(value.toFixed(places));

/** The completeness rating from the share of the ships' entries that could be computed: all 1, 95 % 2, less 3. */
export const completenessDqrOf = (computedShare: number) => (computedShare >= 1 ? 1 : computedShare >= 0.95 ? 2 : 3);

export type FootprintInput = {
  id: string;
  version: number;
  created: Date;
  precedingPfIds: string[];
  organization: { id: string; name: string };
  year: number;
  gwpSet: PactGwpSet;
  runId: string;
  figures: ShipTypeFigures;
};

/** The carbon footprint part: what is compared to tell a new version from an unchanged one. */
const carbonFootprintOf = (input: FootprintInput) => {
  const { figures, year, gwpSet } = input;
  const perTkm = decimal(figures.co2eWtwKg / figures.transportWorkTkm);
  return {
    declaredUnit: 'ton kilometer',
    unitaryProductAmount: '1',
    pCfExcludingBiogenic: perTkm,
    pCfIncludingBiogenic: perTkm,
    fossilGhgEmissions: perTkm,
    fossilCarbonContent: '0',
    biogenicCarbonContent: '0',
    dLucGhgEmissions: '0',
    landManagementGhgEmissions: '0',
    otherBiogenicGhgEmissions: '0',
    biogenicCarbonWithdrawal: '0',
    characterizationFactors: gwpSet,
    ipccCharacterizationFactorsSources: [gwpSet],
    crossSectoralStandardsUsed: [CROSS_SECTORAL_STANDARDS_USED[0]],
    crossSectoralStandards: ['ISO14083', 'GHGP Product'],
    biogenicAccountingMethodology: 'GHGP',
    boundaryProcessesDescription:
      'Well-to-wake: the tank-to-wake emissions of the fuel the ships burned plus the well-to-tank emissions of producing and ' +
      'supplying it (CO2, CH4 and N2O, with methane slip), from the fuel consumption reported per ship. Port, terminal and ' +
      'cargo handling operations, and ship construction and maintenance, are not included.',
    referencePeriodStart: `${year}-01-01T00:00:00Z`,
    referencePeriodEnd: `${year + 1}-01-01T00:00:00Z`,
    exemptedEmissionsPercent: 0,
    exemptedEmissionsDescription: 'No emissions were exempted.',
    packagingEmissionsIncluded: false,
    allocationRulesDescription:
      "The ships' well-to-wake emissions of the year divided by their transport work (cargo mass × distance sailed), " +
      'summed over every ship of the type; ballast legs carry no cargo and add emissions but no transport work.',
    primaryDataShare: rounded(figures.primaryDataShare * 100),
    dqi: {
      coveragePercent: rounded(figures.ratedShare * 100),
      technologicalDQR: rounded(figures.technologicalDqr),
      temporalDQR: rounded(figures.temporalDqr),
      geographicalDQR: rounded(figures.geographicalDqr),
      completenessDQR: completenessDqrOf(figures.computedShare),
      reliabilityDQR: rounded(figures.reliabilityDqr),
    },
  };
};

/**
 * What must be equal for a new publication to leave the Active footprint as it is: the name and the carbon footprint
 * (not the id, dates or the comment naming the run). Keys sorted: a stored jsonb document comes back in another order.
 */
export const figuresSignatureOf = (document: StoredProductFootprint): string =>
  canonicalJson({ productNameCompany: document.productNameCompany, pcf: document.pcf });

/**
 * A ProductFootprint for one ship type and year, checked against the v2 data model before anything stores it: a
 * document that fails is a defect of this code, so it throws instead of being published.
 */
export const buildTransportFootprint = (input: FootprintInput): StoredProductFootprint => {
  const { figures, year, organization } = input;
  const name = productNameOf(figures, year);
  const document: StoredProductFootprint = {
    id: input.id,
    specVersion: PACT_SPEC_VERSION,
    ...(input.precedingPfIds.length > 0 ? { precedingPfIds: input.precedingPfIds } : {}),
    version: input.version,
    created: input.created.toISOString(),
    status: 'Active',
    companyName: organization.name,
    companyIds: [`urn:uuid:${organization.id}`],
    productDescription:
      `Transport of freight by sea on ${figures.shipType ? `${figures.shipType} ships` : 'ships'} the company operates, ` +
      `in ${year}, per tonne-kilometre of cargo carried (${figures.ships.length} ship${figures.ships.length === 1 ? '' : 's'}).`,
    productIds: [productIdOf(figures.key)],
    productCategoryCpc: SEA_FREIGHT_CPC,
    productNameCompany: name,
    comment:
      `Computed by the platform from emission run ${input.runId}: Σ CO2e well-to-wake of the ships' fuel entries ` +
      `(${decimal(figures.co2eWtwKg)} kg, IPCC ${input.gwpSet} GWP100) ÷ Σ transport work ` +
      `(${decimal(figures.transportWorkTkm)} t·km = t·nm × 1.852). All fuels are counted as fossil.`,
    pcf: carbonFootprintOf(input),
  };
  return assertValidFootprint(document);
};

/** The deprecated version of a footprint (spec, product footprint lifecycle: a new version with status Deprecated). */
export const deprecatedVersionOf = (document: StoredProductFootprint, at: Date, replacedBy: string): StoredProductFootprint =>
  assertValidFootprint({
    ...document,
    version: Number(document.version) + 1,
    updated: at.toISOString(),
    status: 'Deprecated',
    statusComment: `Replaced by the footprint ${replacedBy} computed from newer figures.`,
  });

const assertValidFootprint = (document: StoredProductFootprint): StoredProductFootprint => {
  const parsed = parseProductFootprint(document);
  if (!parsed.ok) throw new Error(`published footprint ${String(document.id)} fails the PACT data model: ${parsed.problems.join('; ')}`);
  return document;
};
