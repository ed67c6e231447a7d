import { describe, expect, it } from 'vitest';
import { FIELD_CATALOGUE } from '../../field-catalogue/index.ts';
import {
  type AssignmentInput,
  assignScope3Category,
  type CharterType,
  type ConsolidationApproach,
  type Destination,
  type EmissionPart,
} from './assign-category.ts';

const destinations = (input: AssignmentInput): [EmissionPart, Destination][] =>
  assignScope3Category(input).parts.map((p) => [p.part, p.destination]);

const OWN: [EmissionPart, Destination][] = [
  ['tank_to_wake', 'scope_1_2'],
  ['well_to_tank', 3],
];
const OWN_TAIL = 'its tank-to-wake emissions are its scope 1, not scope 3, and the well-to-tank part of the fuel is category 3.';

describe('charter type × consolidation approach, the reporting organisation being the charterer', () => {
  const cases: [CharterType, ConsolidationApproach, string, [EmissionPart, Destination][], string][] = [
    [
      'bareboat',
      'operational_control',
      'S3-VESSEL-BAREBOAT',
      OWN,
      `The reporting organisation crews and runs the ship on a bareboat charter (operating lease), so under operational control ${OWN_TAIL}`,
    ],
    [
      'bareboat',
      'financial_control',
      'S3-VESSEL-BAREBOAT-FINANCIAL-OPERATING',
      [['well_to_wake', 8]],
      'The reporting organisation holds the ship on a bareboat charter classed as an operating lease, so under financial control it has no financial control of the ship and its fuel is category 8.',
    ],
    [
      'time',
      'operational_control',
      'S3-VESSEL-TIME',
      [['well_to_wake', 4]],
      "The reporting organisation buys the ship's service under a time charter while the owner crews and runs it, so under operational control the ship's fuel is category 4.",
    ],
    [
      'time',
      'financial_control',
      'S3-VESSEL-TIME',
      [['well_to_wake', 4]],
      "The reporting organisation buys the ship's service under a time charter while the owner crews and runs it, so under financial control the ship's fuel is category 4.",
    ],
    [
      'voyage',
      'operational_control',
      'S3-VESSEL-VOYAGE',
      [['well_to_wake', 4]],
      "The reporting organisation buys the ship's service under a voyage charter while the owner crews and runs it, so under operational control the ship's fuel is category 4.",
    ],
    [
      'voyage',
      'financial_control',
      'S3-VESSEL-VOYAGE',
      [['well_to_wake', 4]],
      "The reporting organisation buys the ship's service under a voyage charter while the owner crews and runs it, so under financial control the ship's fuel is category 4.",
    ],
    [
      'coa',
      'operational_control',
      'S3-VESSEL-COA',
      [['well_to_wake', 4]],
      "The reporting organisation buys the ship's service under a contract of affreightment while the owner crews and runs it, so under operational control the ship's fuel is category 4.",
    ],
    [
      'coa',
      'financial_control',
      'S3-VESSEL-COA',
      [['well_to_wake', 4]],
      "The reporting organisation buys the ship's service under a contract of affreightment while the owner crews and runs it, so under financial control the ship's fuel is category 4.",
    ],
  ];
  it.each(cases)('%s charter under %s', (charterType, consolidationApproach, ruleId, parts, reason) => {
    const input: AssignmentInput = { fileCategory: 'vessel_fuel_consumption', charterType, consolidationApproach };
    const result = assignScope3Category(input);
    expect(result.ruleId).toBe(ruleId);
    expect(result.reason).toBe(reason);
    expect(destinations(input)).toEqual(parts);
    expect(result.input.relation).toBe('charterer');
  });

  it('a bareboat charter that is a finance lease is scope 1 under financial control too', () => {
    const result = assignScope3Category({
      fileCategory: 'vessel_fuel_consumption',
      charterType: 'bareboat',
      consolidationApproach: 'financial_control',
      leaseType: 'finance',
    });
    expect(result.ruleId).toBe('S3-VESSEL-BAREBOAT');
    expect(result.parts.map((p) => p.destination)).toEqual(['scope_1_2', 3]);
    expect(result.reason).toBe(
      `The reporting organisation crews and runs the ship on a bareboat charter (finance lease), so under financial control ${OWN_TAIL}`,
    );
  });

  it('a charterer whose charter type is not given is category 4 until it is known', () => {
    const result = assignScope3Category({ fileCategory: 'vessel_fuel_consumption', relation: 'charterer' });
    expect(result.ruleId).toBe('S3-VESSEL-CHARTER-UNKNOWN');
    expect(result.parts.map((p) => p.destination)).toEqual([4]);
    expect(result.reason).toBe(
      "The reporting organisation chartered the ship but the charter type is not given, so under operational control the ship's fuel is taken as a purchased transport service, category 4, until the charter type is known.",
    );
  });

  it("covers every charter type the catalogue's charter_type field allows", () => {
    const field = FIELD_CATALOGUE.vessel_fuel_consumption.find((f) => f.key === 'charter_type');
    const allowed = (field?.allowedValues ?? []).map((v) => v.value).sort();
    expect(allowed).toEqual(['bareboat', 'time', 'voyage']);
    for (const value of allowed) {
      const result = assignScope3Category({ fileCategory: 'vessel_fuel_consumption', charterType: value as CharterType });
      expect(result.ruleId).not.toBe('S3-VESSEL-CHARTER-UNKNOWN');
    }
  });
});

describe('the reporting organisation owns the ship', () => {
  it.each<[ConsolidationApproach]>([['operational_control'], ['financial_control']])(
    'an owned ship is scope 1/2 and category 3 under %s',
    (approach) => {
      const result = assignScope3Category({ fileCategory: 'vessel_fuel_consumption', relation: 'owner', consolidationApproach: approach });
      expect(result.ruleId).toBe('S3-VESSEL-OWNED');
      expect(destinations(result.input)).toEqual(OWN);
      expect(result.reason).toBe(`The reporting organisation owns the ship, so under ${approach.replace('_', ' ')} ${OWN_TAIL}`);
      expect(result.parts.map((p) => p.label)).toEqual(['Scope 1/2, not scope 3', 'Category 3: fuel- and energy-related activities']);
    },
  );

  it('an owner that lets the ship on a time charter still runs it', () => {
    const result = assignScope3Category({ fileCategory: 'vessel_fuel_consumption', relation: 'owner', charterType: 'time' });
    expect(result.ruleId).toBe('S3-VESSEL-OWNED');
    expect(result.reason).toBe(
      `The reporting organisation owns the ship and still crews and runs it under a time charter, so under operational control ${OWN_TAIL}`,
    );
  });

  it('an owner that let the ship bareboat: category 13 under operational control, its own scope 1 under financial control', () => {
    const base: AssignmentInput = { fileCategory: 'vessel_fuel_consumption', relation: 'owner', charterType: 'bareboat' };
    const operational = assignScope3Category(base);
    expect(operational.ruleId).toBe('S3-VESSEL-LESSOR');
    expect(operational.parts.map((p) => p.destination)).toEqual([13]);
    expect(operational.reason).toBe(
      "The reporting organisation owns the ship but let it on a bareboat charter, so under operational control the charterer's fuel is category 13.",
    );
    const financial = assignScope3Category({ ...base, consolidationApproach: 'financial_control' });
    expect(financial.ruleId).toBe('S3-VESSEL-LESSOR-FINANCIAL');
    expect(financial.parts.map((p) => p.destination)).toEqual(['scope_1_2', 3]);
    const financeLease = assignScope3Category({ ...base, consolidationApproach: 'financial_control', leaseType: 'finance' });
    expect(financeLease.parts.map((p) => p.destination)).toEqual([13]);
  });
});

describe('transport: category 4 when paid for by the organisation or inbound, 9 when outbound and paid by another', () => {
  it('defaults to inbound, paid by the organisation: category 4', () => {
    const result = assignScope3Category({ fileCategory: 'transport_legs' });
    expect(result.input).toMatchObject({
      direction: 'inbound',
      paidBy: 'reporting_organisation',
      consolidationApproach: 'operational_control',
    });
    expect(result.ruleId).toBe('S3-TRANSPORT-PAID');
    expect(result.reason).toBe(
      'A transport leg is a transport service the reporting organisation pays for, which is category 4 whatever its direction.',
    );
  });

  it('outbound and paid for by the organisation is still category 4 (a purchased service)', () => {
    expect(destinations({ fileCategory: 'transport_legs', direction: 'outbound', paidBy: 'reporting_organisation' })).toEqual([
      ['well_to_wake', 4],
    ]);
  });

  it('outbound, paid by another party: category 9', () => {
    const result = assignScope3Category({ fileCategory: 'port_operations', direction: 'outbound', paidBy: 'other' });
    expect(result.ruleId).toBe('S3-TRANSPORT-OUTBOUND');
    expect(result.parts.map((p) => p.destination)).toEqual([9]);
    expect(result.reason).toBe(
      "A port operation carries the reporting organisation's sold products outbound and is not paid for by it, which is category 9.",
    );
    expect(result.parts[0]?.label).toBe('Category 9: downstream transportation and distribution');
  });

  it('inbound or between own sites, paid by another party: category 4', () => {
    const inbound = assignScope3Category({ fileCategory: 'transport_legs', direction: 'inbound', paidBy: 'other' });
    expect(inbound.ruleId).toBe('S3-TRANSPORT-INBOUND');
    expect(inbound.reason).toBe(
      'A transport leg carries goods inbound to the reporting organisation, which is category 4 even when another party pays for it.',
    );
    const internal = assignScope3Category({ fileCategory: 'transport_legs', direction: 'between_own_sites', paidBy: 'other' });
    expect(internal.parts.map((p) => p.destination)).toEqual([4]);
    expect(internal.reason).toBe(
      'A transport leg carries goods between the sites of the reporting organisation, which is category 4 even when another party pays for it.',
    );
  });

  it('a ship the organisation only ships cargo on follows the transport rule, whatever charter the row names', () => {
    const result = assignScope3Category({
      fileCategory: 'vessel_fuel_consumption',
      charterType: 'bareboat',
      relation: 'shipper',
      direction: 'outbound',
      paidBy: 'other',
    });
    expect(result.ruleId).toBe('S3-TRANSPORT-OUTBOUND');
    expect(result.reason).toBe(
      "The ship's voyage carries the reporting organisation's sold products outbound and is not paid for by it, which is category 9.",
    );
    expect(assignScope3Category({ fileCategory: 'vessel_fuel_consumption' }).input.relation).toBe('shipper');
  });
});

describe('the other file categories', () => {
  it('purchased goods and services and supplier site energy are category 1', () => {
    const purchased = assignScope3Category({ fileCategory: 'purchased_goods_services' });
    expect(purchased).toMatchObject({ ruleId: 'S3-PURCHASED', reason: 'Purchased goods and services are category 1.' });
    expect(purchased.parts).toEqual([{ part: 'well_to_wake', destination: 1, label: 'Category 1: purchased goods and services' }]);
    const site = assignScope3Category({ fileCategory: 'site_energy' });
    expect(site.ruleId).toBe('S3-SUPPLIER-SITE');
    expect(site.parts.map((p) => p.destination)).toEqual([1]);
    expect(site.reason).toBe(
      "The supplier's site energy is part of making what the reporting organisation buys from it, which is category 1.",
    );
  });

  it('a supplier list is assigned to nothing', () => {
    expect(assignScope3Category({ fileCategory: 'supplier_list' })).toMatchObject({
      ruleId: 'S3-NO-ACTIVITY',
      reason: 'A supplier list holds no activity data and is assigned to no category.',
      parts: [],
    });
  });

  it('every catalogue category gets a rule', () => {
    for (const category of Object.keys(FIELD_CATALOGUE) as (keyof typeof FIELD_CATALOGUE)[]) {
      expect(assignScope3Category({ fileCategory: category }).ruleId).toMatch(/^S3-/);
    }
  });
});
