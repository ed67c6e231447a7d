import type { CatalogueCategory } from '../../field-catalogue/types.ts';

/**
 * Assigns a data entry's emissions to a GHG Protocol scope 3 category (or to the reporting organisation's own scope 1/2)
 * from its file category, the ship's charter and who pays for the transport. The reporting organisation is the customer
 * the data was requested by; the data comes from its supplier. The rule, with its sources and what is this platform's
 * decision rather than the standards', is docs/decisions/0018-scope3-categories.md.
 */

/** 1 purchased goods and services, 3 fuel- and energy-related activities, 4 upstream transportation and distribution,
 * 8 upstream leased assets, 9 downstream transportation and distribution, 13 downstream leased assets. */
export type Scope3Category = 1 | 3 | 4 | 8 | 9 | 13;

/** Where a part of an entry's emissions goes: a scope 3 category, or the reporting organisation's own scope 1/2. */
export type Destination = Scope3Category | 'scope_1_2';

/** Which part of the fuel's life cycle an assignment covers. */
export type EmissionPart = 'well_to_wake' | 'tank_to_wake' | 'well_to_tank';

export type ConsolidationApproach = 'operational_control' | 'financial_control';

/** The catalogue's `charter_type` values, and a contract of affreightment, which the catalogue does not list yet. */
export type CharterType = 'bareboat' | 'time' | 'voyage' | 'coa';

/**
 * The reporting organisation's relation to the ship: it owns it, it is the party that chartered it from the supplier,
 * or its cargo is carried on it without it being party to the ship's charter (the charter type then describes a
 * contract between others and does not decide the category).
 */
export type VesselRelation = 'owner' | 'charterer' | 'shipper';

export type TransportDirection = 'inbound' | 'outbound' | 'between_own_sites';
export type TransportPayer = 'reporting_organisation' | 'other';
export type LeaseType = 'operating' | 'finance';

export type AssignmentInput = {
  fileCategory: CatalogueCategory;
  /** The row's `charter_type`; only vessel fuel consumption reads it. */
  charterType?: CharterType | null;
  /** Default: `charterer` when a charter type is given, else `shipper`. */
  relation?: VesselRelation;
  /** Default `operational_control`. */
  consolidationApproach?: ConsolidationApproach;
  /** Default `inbound`. */
  direction?: TransportDirection;
  /** Default `reporting_organisation`: the supplier sends the data because the organisation buys its service. */
  paidBy?: TransportPayer;
  /** How the organisation's financial statements classify a bareboat charter. Default `operating`. */
  leaseType?: LeaseType;
};

/** The parameters after defaults, stamped on the result so an auditor sees what the rule was given. */
export type ResolvedInput = Required<Omit<AssignmentInput, 'charterType'>> & { charterType: CharterType | null };

export type AssignedPart = { part: EmissionPart; destination: Destination; label: string };

export type Scope3Assignment = {
  ruleId: string;
  reason: string;
  /** Empty when the entry holds no activity (a supplier list). */
  parts: readonly AssignedPart[];
  input: ResolvedInput;
};

export const DESTINATION_LABELS: Record<Destination, string> = {
  1: 'Category 1: purchased goods and services',
  3: 'Category 3: fuel- and energy-related activities',
  4: 'Category 4: upstream transportation and distribution',
  8: 'Category 8: upstream leased assets',
  9: 'Category 9: downstream transportation and distribution',
  13: 'Category 13: downstream leased assets',
  scope_1_2: 'Scope 1/2, not scope 3',
};

const CHARTER_NAMES: Record<CharterType, string> = {
  bareboat: 'a bareboat (demise) charter',
  time: 'a time charter',
  voyage: 'a voyage charter',
  coa: 'a contract of affreightment',
};

const APPROACH_NAMES: Record<ConsolidationApproach, string> = {
  operational_control: 'operational control',
  financial_control: 'financial control',
};

type Rule = { ruleId: string; reason: string; parts: readonly AssignedPart[] };

const whole = (destination: Destination): AssignedPart[] => [{ part: 'well_to_wake', destination, label: DESTINATION_LABELS[destination] }];

/** Fuel the organisation burns itself: combustion in its own scope 1, the fuel's production in category 3. */
const ownCombustion: AssignedPart[] = [
  { part: 'tank_to_wake', destination: 'scope_1_2', label: DESTINATION_LABELS.scope_1_2 },
  { part: 'well_to_tank', destination: 3, label: DESTINATION_LABELS[3] },
];

const OWN_FUEL_TAIL = 'its tank-to-wake emissions are its scope 1, not scope 3, and the well-to-tank part of the fuel is category 3.';

/** Resolves the defaults. */
export const resolveAssignmentInput = (input: AssignmentInput): ResolvedInput => {
  const charterType = input.charterType ?? null;
  return {
    fileCategory: input.fileCategory,
    charterType,
    relation: input.relation ?? (charterType ? 'charterer' : 'shipper'),
    consolidationApproach: input.consolidationApproach ?? 'operational_control',
    direction: input.direction ?? 'inbound',
    paidBy: input.paidBy ?? 'reporting_organisation',
    leaseType: input.leaseType ?? 'operating',
  };
};

/** Transport bought or received as a service: category 4 when paid for by the organisation or inbound, else 9. */
const transportRule = (subject: string, r: ResolvedInput): Rule => {
  if (r.paidBy === 'reporting_organisation') {
    return {
      ruleId: 'S3-TRANSPORT-PAID',
      reason: `${subject} is a transport service the reporting organisation pays for, which is category 4 whatever its direction.`,
      parts: whole(4),
    };
  }
  if (r.direction === 'outbound') {
    return {
      ruleId: 'S3-TRANSPORT-OUTBOUND',
      reason: `${subject} carries the reporting organisation's sold products outbound and is not paid for by it, which is category 9.`,
      parts: whole(9),
    };
  }
  const where = r.direction === 'inbound' ? 'inbound to' : 'between the sites of';
  return {
    ruleId: 'S3-TRANSPORT-INBOUND',
    reason: `${subject} carries goods ${where} the reporting organisation, which is category 4 even when another party pays for it.`,
    parts: whole(4),
  };
};

const ownerRule = (r: ResolvedInput): Rule => {
  const approach = APPROACH_NAMES[r.consolidationApproach];
  if (r.charterType === 'bareboat') {
    if (r.consolidationApproach === 'financial_control' && r.leaseType === 'operating') {
      return {
        ruleId: 'S3-VESSEL-LESSOR-FINANCIAL',
        reason: `The reporting organisation owns the ship and let it on an operating lease (bareboat charter), so under financial control it keeps the ship in its inventory: ${OWN_FUEL_TAIL}`,
        parts: ownCombustion,
      };
    }
    return {
      ruleId: 'S3-VESSEL-LESSOR',
      reason: `The reporting organisation owns the ship but let it on a bareboat charter, so under ${approach} the charterer's fuel is category 13.`,
      parts: whole(13),
    };
  }
  const stillRuns = r.charterType ? ` and still crews and runs it under ${CHARTER_NAMES[r.charterType]}` : '';
  return {
    ruleId: 'S3-VESSEL-OWNED',
    reason: `The reporting organisation owns the ship${stillRuns}, so under ${approach} ${OWN_FUEL_TAIL}`,
    parts: ownCombustion,
  };
};

const chartererRule = (r: ResolvedInput): Rule => {
  const approach = APPROACH_NAMES[r.consolidationApproach];
  switch (r.charterType) {
    case 'bareboat':
      if (r.consolidationApproach === 'financial_control' && r.leaseType === 'operating') {
        return {
          ruleId: 'S3-VESSEL-BAREBOAT-FINANCIAL-OPERATING',
          reason:
            'The reporting organisation holds the ship on a bareboat charter classed as an operating lease, so under financial control it has no financial control of the ship and its fuel is category 8.',
          parts: whole(8),
        };
      }
      return {
        ruleId: 'S3-VESSEL-BAREBOAT',
        reason: `The reporting organisation crews and runs the ship on a bareboat charter (${r.leaseType} lease), so under ${approach} ${OWN_FUEL_TAIL}`,
        parts: ownCombustion,
      };
    case 'time':
    case 'voyage':
    case 'coa':
      return {
        ruleId: `S3-VESSEL-${r.charterType.toUpperCase()}`,
        reason: `The reporting organisation buys the ship's service under ${CHARTER_NAMES[r.charterType]} while the owner crews and runs it, so under ${approach} the ship's fuel is category 4.`,
        parts: whole(4),
      };
    default:
      return {
        ruleId: 'S3-VESSEL-CHARTER-UNKNOWN',
        reason: `The reporting organisation chartered the ship but the charter type is not given, so under ${approach} the ship's fuel is taken as a purchased transport service, category 4, until the charter type is known.`,
        parts: whole(4),
      };
  }
};

const rulesFor = (r: ResolvedInput): Rule => {
  switch (r.fileCategory) {
    case 'purchased_goods_services':
      return {
        ruleId: 'S3-PURCHASED',
        reason: 'Purchased goods and services are category 1.',
        parts: whole(1),
      };
    case 'site_energy':
      return {
        ruleId: 'S3-SUPPLIER-SITE',
        reason: "The supplier's site energy is part of making what the reporting organisation buys from it, which is category 1.",
        parts: whole(1),
      };
    case 'supplier_list':
      return { ruleId: 'S3-NO-ACTIVITY', reason: 'A supplier list holds no activity data and is assigned to no category.', parts: [] };
    case 'transport_legs':
      return transportRule('A transport leg', r);
    case 'port_operations':
      return transportRule('A port operation', r);
    case 'vessel_fuel_consumption':
      if (r.relation === 'owner') return ownerRule(r);
      if (r.relation === 'charterer') return chartererRule(r);
      return transportRule("The ship's voyage", r);
  }
};

/** The category (or categories, split by fuel life-cycle part) an entry's emissions are reported in, with the rule and why. */
export const assignScope3Category = (input: AssignmentInput): Scope3Assignment => {
  const resolved = resolveAssignmentInput(input);
  return { ...rulesFor(resolved), input: resolved };
};
