import { z } from 'zod';

/**
 * The PACT Technical Specifications v2 data model (ProductFootprint, CarbonFootprint, DataQualityIndicators,
 * Assurance), the CloudEvent types and the API error codes, as the specification's text writes them. Decimals
 * are JSON strings; Percent and the data quality ratings are JSON numbers (they become decimals only in v3).
 * See docs/decisions/0020-pact-exchange.md for what we implement and where v3 differs.
 */

/** The v2 revision we implement and write into every footprint we publish (`specVersion`). */
export const PACT_SPEC_VERSION = '2.3.0';

/** CloudEvent `type` values of the Action Events endpoint (POST /2/events), verbatim from the specification. */
export const PACT_EVENT_TYPES = {
  published: 'org.wbcsd.pathfinder.ProductFootprint.Published.v1',
  requestCreated: 'org.wbcsd.pathfinder.ProductFootprintRequest.Created.v1',
  requestFulfilled: 'org.wbcsd.pathfinder.ProductFootprintRequest.Fulfilled.v1',
  requestRejected: 'org.wbcsd.pathfinder.ProductFootprintRequest.Rejected.v1',
} as const;
export type PactEventType = (typeof PACT_EVENT_TYPES)[keyof typeof PACT_EVENT_TYPES];

/**
 * The error response codes of the specification's Error Codes table, with their HTTP status and example message.
 * (Action Authenticate has its own errors: RFC 6749 section 5.2.) Note that NotImplemented is 400, not 501, and
 * AccessDenied is 403.
 */
export const PACT_ERRORS = {
  AccessDenied: { status: 403, message: 'Access denied' },
  BadRequest: { status: 400, message: 'Bad Request' },
  NoSuchFootprint: { status: 404, message: 'The specified footprint does not exist.' },
  NotImplemented: {
    status: 400,
    message: 'The specified Action or header you provided implies functionality that is not implemented',
  },
  TokenExpired: { status: 401, message: 'The specified access token has expired' },
  InternalError: { status: 500, message: 'An internal or unexpected error has occurred' },
} as const;
export type PactErrorCode = keyof typeof PACT_ERRORS;

/** The spec's error response body: `{ code, message }`. */
export type PactErrorResponse = { code: PactErrorCode; message: string };

// Data types ------------------------------------------------------------------------------------------------------

export const DECLARED_UNITS = ['liter', 'kilogram', 'cubic meter', 'kilowatt hour', 'megajoule', 'ton kilometer', 'square meter'] as const;
export type DeclaredUnit = (typeof DECLARED_UNITS)[number];

export const REGIONS_OR_SUBREGIONS = [
  'Africa',
  'Americas',
  'Asia',
  'Europe',
  'Oceania',
  'Australia and New Zealand',
  'Central Asia',
  'Eastern Asia',
  'Eastern Europe',
  'Latin America and the Caribbean',
  'Melanesia',
  'Micronesia',
  'Northern Africa',
  'Northern America',
  'Northern Europe',
  'Polynesia',
  'South-eastern Asia',
  'Southern Asia',
  'Southern Europe',
  'Sub-Saharan Africa',
  'Western Asia',
  'Western Europe',
] as const;

/** Deprecated in 2.3 (kept mandatory for backwards compatibility, removed in v3). */
export const CROSS_SECTORAL_STANDARDS_USED = ['GHG Protocol Product standard', 'ISO Standard 14067', 'ISO Standard 14044'] as const;
/**
 * The values 2.3 lists for crossSectoralStandards. A host MUST accept values of later revisions, so the schema
 * accepts any non-empty string; this list is what we write.
 */
export const CROSS_SECTORAL_STANDARDS = [
  'ISO14067',
  'ISO14083',
  'ISO14040-44',
  'GHGP Product',
  'PEF',
  'PACT Methodology 2.0',
  'PAS2050',
] as const;
export const CHARACTERIZATION_FACTORS = ['AR6', 'AR5'] as const;
export const BIOGENIC_ACCOUNTING_METHODOLOGIES = ['PEF', 'ISO', 'GHGP', 'Quantis'] as const;
export const RULE_OPERATORS = ['PEF', 'EPD International', 'Other'] as const;
export const PF_STATUSES = ['Active', 'Deprecated'] as const;
export type PfStatus = (typeof PF_STATUSES)[number];

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;
const NON_NEGATIVE_DECIMAL = /^\+?\d+(\.\d+)?$/;
const NON_POSITIVE_DECIMAL = /^(-\d+(\.\d+)?|\+?0+(\.0+)?)$/;
const ZERO = /^[+-]?0+(\.0+)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** RFC 8141: `urn:` NID (2 to 32 letters, digits, hyphens, not starting or ending with one) `:` NSS. */
const URN = /^urn:[a-z0-9][a-z0-9-]{0,30}[a-z0-9]:\S+$/i;
/** ISO 8601 date and time in UTC (`Z` or a zero offset), as DateTime requires. */
const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]00:?00)$/;
const SPEC_VERSION = /^2\.\d+\.\d+(-\d{8})?$/;

const decimal = () => z.string({ error: 'must be a decimal string' }).regex(DECIMAL, 'must be a decimal string');
const nonNegativeDecimal = () =>
  z.string({ error: 'must be a decimal string' }).regex(NON_NEGATIVE_DECIMAL, 'must be a decimal string equal to or greater than zero');
const nonPositiveDecimal = () =>
  z.string({ error: 'must be a decimal string' }).regex(NON_POSITIVE_DECIMAL, 'must be a decimal string equal to or less than zero');
const strictlyPositiveDecimal = () =>
  nonNegativeDecimal().refine((value) => !ZERO.test(value), 'must be a decimal string strictly greater than zero');
const nonEmptyString = () => z.string({ error: 'must be a string' }).min(1, 'must not be empty');
const dateTime = () =>
  z
    .string({ error: 'must be a date and time string' })
    .regex(UTC_DATE_TIME, 'must be an ISO 8601 date and time in UTC (for example 2025-01-01T00:00:00Z)')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a real date and time');
const uuid = () => z.string({ error: 'must be a UUID string' }).regex(UUID, 'must be a UUID');
const urn = () => z.string({ error: 'must be a URN string' }).regex(URN, 'must be a URN (urn:<namespace>:<id>)');
const percent = (max = 100) =>
  z
    .number({ error: 'must be a number' })
    .min(0, 'must be between 0 and 100')
    .max(max, max === 100 ? 'must be between 0 and 100' : `must be between 0 and ${max}`);
const dqr = () => z.number({ error: 'must be a number' }).min(1, 'must be between 1 and 3').max(3, 'must be between 1 and 3');
const uniqueSet = <T extends z.ZodType<string>>(item: T) =>
  z
    .array(item, { error: 'must be an array' })
    .min(1, 'must not be empty')
    .refine((values) => new Set(values).size === values.length, 'must not contain duplicates');
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(', ')}` });

const dataQualityIndicatorsSchema = z.looseObject({
  coveragePercent: percent().optional(),
  technologicalDQR: dqr().optional(),
  temporalDQR: dqr().optional(),
  geographicalDQR: dqr().optional(),
  completenessDQR: dqr().optional(),
  reliabilityDQR: dqr().optional(),
});
const DQI_PROPERTIES = [
  'coveragePercent',
  'technologicalDQR',
  'temporalDQR',
  'geographicalDQR',
  'completenessDQR',
  'reliabilityDQR',
] as const;

const assuranceSchema = z.looseObject({
  assurance: z.boolean({ error: 'must be true or false' }),
  coverage: oneOf(['corporate level', 'product line', 'PCF system', 'product level']).optional(),
  level: oneOf(['limited', 'reasonable']).optional(),
  boundary: oneOf(['Gate-to-Gate', 'Cradle-to-Gate']).optional(),
  providerName: nonEmptyString(),
  completedAt: dateTime().optional(),
  standardName: z.string().optional(),
  comments: z.string().optional(),
});

const productOrSectorSpecificRuleSchema = z
  .looseObject({
    operator: oneOf(RULE_OPERATORS),
    ruleNames: z.array(nonEmptyString(), { error: 'must be an array' }).min(1, 'must not be empty'),
    otherOperatorName: nonEmptyString().optional(),
  })
  .superRefine((rule, ctx) => {
    if (rule.operator === 'Other' && rule.otherOperatorName === undefined) {
      ctx.addIssue({ code: 'custom', path: ['otherOperatorName'], message: 'is required when operator is Other' });
    }
    if (rule.operator !== 'Other' && rule.otherOperatorName !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['otherOperatorName'], message: 'must be undefined unless operator is Other' });
    }
  });

/**
 * CarbonFootprint. Properties the text marks `O*` (optional only for reference periods before 2025) are optional
 * here; the footprint-level check below requires them when the reference period includes 2025-01-01 or later.
 */
export const carbonFootprintSchema = z.looseObject(
  {
    declaredUnit: oneOf(DECLARED_UNITS),
    unitaryProductAmount: strictlyPositiveDecimal(),
    productMassPerDeclaredUnit: decimal().optional(),
    pCfExcludingBiogenic: nonNegativeDecimal(),
    pCfIncludingBiogenic: decimal().optional(),
    fossilGhgEmissions: nonNegativeDecimal(),
    fossilCarbonContent: nonNegativeDecimal(),
    biogenicCarbonContent: nonNegativeDecimal(),
    dLucGhgEmissions: nonNegativeDecimal().optional(),
    landManagementGhgEmissions: decimal().optional(),
    otherBiogenicGhgEmissions: nonNegativeDecimal().optional(),
    iLucGhgEmissions: nonNegativeDecimal().optional(),
    biogenicCarbonWithdrawal: nonPositiveDecimal().optional(),
    aircraftGhgEmissions: nonNegativeDecimal().optional(),
    characterizationFactors: oneOf(CHARACTERIZATION_FACTORS),
    ipccCharacterizationFactorsSources: uniqueSet(
      z.string({ error: 'must be a string' }).regex(/^AR\d+$/, 'must be AR followed by the report number (for example AR6)'),
    ).optional(),
    crossSectoralStandardsUsed: uniqueSet(oneOf(CROSS_SECTORAL_STANDARDS_USED)),
    crossSectoralStandards: uniqueSet(nonEmptyString()).optional(),
    productOrSectorSpecificRules: z.array(productOrSectorSpecificRuleSchema, { error: 'must be an array' }).optional(),
    biogenicAccountingMethodology: oneOf(BIOGENIC_ACCOUNTING_METHODOLOGIES).optional(),
    boundaryProcessesDescription: z.string({ error: 'must be a string' }),
    referencePeriodStart: dateTime(),
    referencePeriodEnd: dateTime(),
    geographyCountrySubdivision: z
      .string({ error: 'must be a string' })
      .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, 'must be an ISO 3166-2 subdivision code (for example US-NY)')
      .optional(),
    geographyCountry: z
      .string({ error: 'must be a string' })
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code (for example FR)')
      .optional(),
    geographyRegionOrSubregion: oneOf(REGIONS_OR_SUBREGIONS).optional(),
    secondaryEmissionFactorSources: z
      .array(z.looseObject({ name: nonEmptyString(), version: nonEmptyString() }), { error: 'must be an array' })
      .min(1, 'must not be empty (leave it undefined when no secondary data was used)')
      .optional(),
    exemptedEmissionsPercent: percent(5),
    exemptedEmissionsDescription: z.string({ error: 'must be a string' }),
    packagingEmissionsIncluded: z.boolean({ error: 'must be true or false' }),
    packagingGhgEmissions: nonNegativeDecimal().optional(),
    allocationRulesDescription: z.string({ error: 'must be a string' }).optional(),
    uncertaintyAssessmentDescription: z.string({ error: 'must be a string' }).optional(),
    primaryDataShare: percent().optional(),
    dqi: dataQualityIndicatorsSchema.optional(),
    assurance: assuranceSchema.optional(),
  },
  { error: 'must be a JSON object' },
);
export type CarbonFootprint = z.infer<typeof carbonFootprintSchema>;

const dataModelExtensionSchema = z.looseObject({
  specVersion: nonEmptyString(),
  dataSchema: z.url({ error: 'must be a URL' }),
  documentation: z.url({ error: 'must be a URL' }).optional(),
  data: z.record(z.string(), z.unknown(), { error: 'must be an object' }),
});

const productFootprintShape = z.looseObject(
  {
    id: uuid(),
    specVersion: z
      .string({ error: 'must be a version string' })
      .regex(SPEC_VERSION, 'must be a 2.x version (major.minor.patch, for example 2.3.0)'),
    precedingPfIds: uniqueSet(uuid()).optional(),
    version: z
      .number({ error: 'must be an integer' })
      .int('must be an integer')
      .min(0, 'must be between 0 and 2^31-1')
      .max(2 ** 31 - 1, 'must be between 0 and 2^31-1'),
    created: dateTime(),
    updated: dateTime().optional(),
    status: oneOf(PF_STATUSES),
    statusComment: z.string({ error: 'must be a string' }).optional(),
    validityPeriodStart: dateTime().optional(),
    validityPeriodEnd: dateTime().optional(),
    companyName: nonEmptyString(),
    companyIds: uniqueSet(urn()),
    productDescription: z.string({ error: 'must be a string' }),
    productIds: uniqueSet(urn()),
    /** Added in 2.3.0 (ADR37), optional; supersedes productCategoryCpc in v3. */
    productClassifications: uniqueSet(urn()).optional(),
    productCategoryCpc: nonEmptyString(),
    productNameCompany: nonEmptyString(),
    comment: z.string({ error: 'must be a string' }),
    pcf: carbonFootprintSchema,
    extensions: z.array(dataModelExtensionSchema, { error: 'must be an array' }).min(1, 'must not be empty').optional(),
  },
  { error: 'must be a JSON object' },
);

const YEAR_2025 = Date.parse('2025-01-01T00:00:00Z');
const THREE_YEARS_MS = Date.UTC(2003, 0, 1) - Date.UTC(2000, 0, 1);

/** Minor version of a `major.minor.patch[-date]` string (2 for 2.2.0). */
const minorVersion = (specVersion: string): number => Number(specVersion.split('.')[1] ?? 0);

/**
 * The rules the text states across properties: the geographic scope (at most one of region, country,
 * subdivision), packaging emissions only when included, the validity period bounds, the `O*` properties for
 * reference periods including 2025, and the properties a revision made mandatory (ipccCharacterizationFactorsSources
 * from 2.2, crossSectoralStandards from 2.3; documents of earlier 2.x revisions are accepted without them).
 */
export const productFootprintSchema = productFootprintShape.superRefine((pf, ctx) => {
  const pcf = pf.pcf;
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });

  const geographies = (['geographyRegionOrSubregion', 'geographyCountry', 'geographyCountrySubdivision'] as const).filter(
    (key) => pcf[key] !== undefined,
  );
  if (geographies.length > 1) {
    issue(['pcf', geographies[1] as string], `must be undefined when ${geographies[0]} is defined (one geographic scope)`);
  }
  if (pcf.packagingEmissionsIncluded === false && pcf.packagingGhgEmissions !== undefined) {
    issue(['pcf', 'packagingGhgEmissions'], 'must be undefined when packagingEmissionsIncluded is false');
  }

  const start = Date.parse(pcf.referencePeriodStart);
  const end = Date.parse(pcf.referencePeriodEnd);
  if (end <= start) issue(['pcf', 'referencePeriodEnd'], 'must be after referencePeriodStart');

  if (pf.validityPeriodStart !== undefined || pf.validityPeriodEnd !== undefined) {
    if (pf.validityPeriodStart === undefined) issue(['validityPeriodStart'], 'is required when validityPeriodEnd is defined');
    if (pf.validityPeriodEnd === undefined) issue(['validityPeriodEnd'], 'is required when validityPeriodStart is defined');
    if (pf.validityPeriodStart !== undefined && pf.validityPeriodEnd !== undefined) {
      const validFrom = Date.parse(pf.validityPeriodStart);
      const validTo = Date.parse(pf.validityPeriodEnd);
      if (validFrom < end) issue(['validityPeriodStart'], 'must not be before pcf.referencePeriodEnd');
      if (validTo <= validFrom) issue(['validityPeriodEnd'], 'must be after validityPeriodStart');
      if (validTo > end + THREE_YEARS_MS) issue(['validityPeriodEnd'], 'must be at most 3 years after pcf.referencePeriodEnd');
    }
  }

  const minor = minorVersion(pf.specVersion);
  if (minor >= 2 && pcf.ipccCharacterizationFactorsSources === undefined) {
    issue(['pcf', 'ipccCharacterizationFactorsSources'], `is required (specVersion ${pf.specVersion})`);
  }
  if (minor >= 3 && pcf.crossSectoralStandards === undefined) {
    issue(['pcf', 'crossSectoralStandards'], `is required (specVersion ${pf.specVersion})`);
  }

  // The reference period end is exclusive: a period ending after 2025-01-01 includes the beginning of 2025.
  if (end > YEAR_2025) {
    const from2025 = [
      'pCfIncludingBiogenic',
      'dLucGhgEmissions',
      'landManagementGhgEmissions',
      'otherBiogenicGhgEmissions',
      'biogenicCarbonWithdrawal',
      'biogenicAccountingMethodology',
      'primaryDataShare',
      'dqi',
    ] as const;
    for (const key of from2025) {
      if (pcf[key] === undefined) issue(['pcf', key], 'is required for reference periods including 2025 or later');
    }
    if (pcf.dqi !== undefined) {
      for (const key of DQI_PROPERTIES) {
        if (pcf.dqi[key] === undefined) issue(['pcf', 'dqi', key], 'is required for reference periods including 2025 or later');
      }
    }
  } else if (pcf.primaryDataShare === undefined && pcf.dqi === undefined) {
    issue(['pcf', 'primaryDataShare'], 'primaryDataShare or dqi must be defined');
  }
});

export type ProductFootprint = z.infer<typeof productFootprintSchema>;

export type ParsedProductFootprint = { ok: true; footprint: ProductFootprint } | { ok: false; problems: string[] };

/** "pcf.dqi.coveragePercent", "productIds[0]". */
const formatPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '');

const missingMessage = (issue: z.core.$ZodIssue): string | null =>
  (issue.code === 'invalid_type' || issue.code === 'invalid_value') && 'input' in issue && issue.input === undefined ? 'is required' : null;

/**
 * Checks a document against the v2 data model. Problems name the JSON path and what is wrong
 * ("pcf.pCfExcludingBiogenic: must be a decimal string"), in the order the document lists its properties.
 */
export const parseProductFootprint = (doc: unknown): ParsedProductFootprint => {
  const result = productFootprintSchema.safeParse(doc, { reportInput: true });
  if (result.success) return { ok: true, footprint: result.data };
  const problems = result.error.issues.map((issue) => {
    const path = formatPath(issue.path);
    const message = missingMessage(issue) ?? issue.message;
    return path ? `${path}: ${message}` : message;
  });
  return { ok: false, problems: [...new Set(problems)] };
};
