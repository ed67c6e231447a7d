import { describe, expect, it } from 'vitest';
import { createCalculator } from './calculator.ts';
import { splitEntryParts } from './results.ts';
import { orgFactor, TEST_GWP, TEST_LIBRARY } from './test-factors.ts';
import type { CalculatorOptions, StoredEntryValue } from './types.ts';

const options = (extra: Partial<CalculatorOptions> = {}): CalculatorOptions => ({
  gwpSet: 'AR6',
  consolidationApproach: 'operational_control',
  organizationFactors: [],
  library: TEST_LIBRARY,
  gwpValues: TEST_GWP,
  undatedAt: '2024-06-30',
  ...extra,
});

const VESSEL_FIELDS = [
  'imo_number',
  'vessel_name',
  'ship_type',
  'period_start',
  'period_end',
  'fuel_type',
  'fuel_mass',
  'distance',
  'cargo_mass',
  'charter_type',
  'departure_port',
  'arrival_port',
  'deadweight',
  'reporting_year',
  'data_quality',
];

/** A vessel row in the order of VESSEL_FIELDS, from a partial record. */
const vesselRow = (row: Partial<Record<(typeof VESSEL_FIELDS)[number], StoredEntryValue>>): StoredEntryValue[] =>
  VESSEL_FIELDS.map((key) => row[key] ?? null);

const hfoVoyage = vesselRow({
  imo_number: '9074729',
  vessel_name: 'Nordic Tern',
  ship_type: 'Bulk carrier',
  period_start: '2024-03-04',
  period_end: '2024-03-09',
  fuel_type: 'HFO',
  fuel_mass: 100,
  distance: 1_000,
  cargo_mass: 50_000,
  departure_port: 'NOOSL',
  arrival_port: 'DEHAM',
  deadweight: 60_000,
});

describe('fuel-based results', () => {
  it('computes 100 t HFO with the FuelEU structure, kg CO2, CO2e TtW and WtW', () => {
    // per g HFO: CO2 = Cf 3.114
    // TtW CO2e = 3.114 × 1 + 0.00005 × 30 + 0.00018 × 300 = 3.114 + 0.0015 + 0.054 = 3.1695 (no slip)
    // WtT = LCV 0.0405 MJ/g × 13.5 g/MJ = 0.54675; WtW = 3.1695 + 0.54675 = 3.71625
    // 100 t = 1e8 g: CO2 3.114e8 g = 311,400 kg; TtW CO2e 316,950 kg; WtW 371,625 kg
    const calculator = createCalculator(options());
    const result = calculator.forFile('vessel_fuel_consumption', VESSEL_FIELDS)(hfoVoyage, '2024-03-04', null);
    expect(result).toMatchObject({
      method: 'fuel_based',
      dataQuality: 'primary',
      scope3: 'category_4',
      ruleId: 'S3-TRANSPORT-PAID',
      activity: '100 t HFO',
      note: null,
      month: '2024-03-01',
      vesselImo: '9074729',
      vesselName: 'Nordic Tern',
      route: 'NOOSL→DEHAM',
      // 50,000 t × 1,000 nm
      activityAmount: 50_000_000,
    });
    expect(result.co2TtwKg).toBeCloseTo(311_400, 6);
    expect(result.co2eTtwKg).toBeCloseTo(316_950, 6);
    expect(result.co2eWtwKg).toBeCloseTo(371_625, 6);
    expect(calculator.factorSets()[result.factorSet]).toEqual([
      { id: 't.cf.hfo', version: 1 },
      { id: 't.ch4.hfo', version: 1 },
      { id: 't.n2o.hfo', version: 1 },
      { id: 't.lcv.hfo', version: 1 },
      { id: 't.wtt.hfo', version: 1 },
    ]);
  });

  it('takes the highest LNG slip when the engine is not given, converts MJ/kg, and says what it assumed', () => {
    // slips 3.1 (Otto MS), 1.7, 0.2, 2.6 → 3.1 %. LCV 49.1 MJ/kg = 0.0491 MJ/g
    // per g: (1 − 0.031) × (2.75 + 0 × 30 + 0.00011 × 300) + 0.031 × 30 = 0.969 × 2.783 + 0.93 = 2.696727 + 0.93 = 3.626727
    // WtT = 0.0491 × 18.5 = 0.90835; WtW = 4.535077
    // 10 t: CO2 27,500 kg; TtW CO2e 36,267.27 kg; WtW 45,350.77 kg
    const compute = createCalculator(options()).forFile('vessel_fuel_consumption', VESSEL_FIELDS);
    const result = compute(
      vesselRow({ imo_number: '9074729', fuel_type: 'LNG', fuel_mass: 10, period_start: '2024-05-01' }),
      '2024-05-01',
      null,
    );
    expect(result.method).toBe('fuel_based');
    expect(result.note).toBe('LNG engine not given: the Otto medium-speed slip (the highest) was used');
    expect(result.co2TtwKg).toBeCloseTo(27_500, 6);
    expect(result.co2eTtwKg).toBeCloseTo(36_267.27, 6);
    expect(result.co2eWtwKg).toBeCloseTo(45_350.77, 6);
  });

  it('uses the engine’s own slip when the fuel names it', () => {
    // Diesel slip 0.2 %: 0.998 × 2.783 + 0.002 × 30 = 2.777434 + 0.06 = 2.837434 per g; 1 t → 2,837.434 kg TtW CO2e
    const compute = createCalculator(options()).forFile('vessel_fuel_consumption', VESSEL_FIELDS);
    const result = compute(vesselRow({ imo_number: '9074729', fuel_type: 'LNG_DIESEL', fuel_mass: 1 }), '2024-05-01', null);
    expect(result.note).toBeNull();
    expect(result.co2eTtwKg).toBeCloseTo(2_837.434, 6);
  });

  it('does not compute when a factor or a GWP is missing, and names it', () => {
    const compute = createCalculator(options()).forFile('vessel_fuel_consumption', VESSEL_FIELDS);
    const mdo = compute(vesselRow({ imo_number: '9074729', fuel_type: 'MDO_MGO', fuel_mass: 5 }), '2024-05-01', null);
    expect(mdo).toMatchObject({ method: 'not_computed', co2eWtwKg: 0, factorSet: -1 });
    expect(mdo.note).toBe(
      'No CH4, N2O, lower calorific value, well-to-tank factor for MDO_MGO valid on 2024-05-01, and no cargo and distance for transport work',
    );
    const ar5 = createCalculator(options({ gwpSet: 'AR5' })).forFile('vessel_fuel_consumption', VESSEL_FIELDS)(
      hfoVoyage,
      '2024-03-04',
      null,
    );
    expect(ar5.method).toBe('not_computed');
    expect(ar5.note).toBe(
      "No GWP of N2O in AR5 in the library, and no distance-based factor for ship type 'Bulk carrier' or mode 'sea'; add a factor under Emissions → Factors",
    );
  });

  it('lets the organisation’s factor override the library, and a supplier’s factor override both for that supplier', () => {
    // own Cf 3.0: CO2 of 100 t = 300,000 kg; the supplier's Cf 2.9: 290,000 kg; another supplier keeps 300,000
    const calculator = createCalculator(
      options({
        organizationFactors: [
          orgFactor('own.cf.hfo', 'cf', '3.0', 't CO2/t fuel', { fuel: 'HFO' }),
          orgFactor('sup.cf.hfo', 'cf', '2.9', 't CO2/t fuel', { fuel: 'HFO', supplierOrganizationId: 'supplier-a' }),
        ],
      }),
    );
    const compute = calculator.forFile('vessel_fuel_consumption', VESSEL_FIELDS);
    const own = compute(hfoVoyage, '2024-03-04', 'supplier-b');
    const supplier = compute(hfoVoyage, '2024-03-04', 'supplier-a');
    expect(own.co2TtwKg).toBeCloseTo(300_000, 6);
    expect(supplier.co2TtwKg).toBeCloseTo(290_000, 6);
    expect(calculator.factorSets()[supplier.factorSet]?.[0]).toEqual({ id: 'sup.cf.hfo', version: 1, organization: true });
  });

  it('chooses the factor version valid on the entry’s date', () => {
    // v2 from 2024-04-01 with Cf 3.2: a March voyage keeps 3.114 (311,400 kg), an April one gets 320,000 kg
    const library = [
      ...TEST_LIBRARY.map((f) => (f.id === 't.cf.hfo' ? { ...f, validTo: '2024-04-01' } : f)),
      { ...(TEST_LIBRARY[0] as (typeof TEST_LIBRARY)[number]), version: 2, value: '3.2', validFrom: '2024-04-01' },
    ];
    const compute = createCalculator(options({ library })).forFile('vessel_fuel_consumption', VESSEL_FIELDS);
    expect(compute(hfoVoyage, '2024-03-31', null).co2TtwKg).toBeCloseTo(311_400, 6);
    expect(compute(hfoVoyage, '2024-04-01', null).co2TtwKg).toBeCloseTo(320_000, 6);
  });
});

describe('the row’s facts', () => {
  it('gives no month for a reporting year alone, and splits a bareboat charter it runs: tank-to-wake scope 1/2, well-to-tank category 3', () => {
    const compute = createCalculator(options()).forFile('vessel_fuel_consumption', VESSEL_FIELDS);
    const result = compute(
      vesselRow({ imo_number: 'IMO 9074729', reporting_year: 2024, fuel_type: 'HFO', fuel_mass: 1, charter_type: 'bareboat' }),
      '2024-01-01',
      null,
    );
    expect(result).toMatchObject({ month: null, vesselImo: '9074729', scope3: 'scope_1_2', ruleId: 'S3-VESSEL-BAREBOAT', note: null });
    expect(result.wttPart).toEqual({ scope3: 'category_3', note: 'Well-to-tank part: category 3 (fuel- and energy-related activities)' });
    expect(result.vessel).toMatchObject({ imo: '9074729', year: 2024, fuel: 'HFO', fuelT: 1, voyageKey: 'y:2024' });

    // 1 t HFO (1e6 g): CO2 3.114 × 1e6 g = 3,114 kg; TtW CO2e 3.1695 × 1e6 g = 3,169.5 kg; WtW 3.71625 × 1e6 g = 3,716.25 kg;
    // well-to-tank = 3,716.25 − 3,169.5 = 546.75 kg (LCV 0.0405 MJ/g × 13.5 g/MJ × 1e6 g)
    const [tankToWake, wellToTank] = splitEntryParts(result);
    expect(tankToWake).toMatchObject({
      scope3: 'scope_1_2',
      ruleId: 'S3-VESSEL-BAREBOAT',
      note: 'Tank-to-wake part: scope 1/2 of the organisation',
    });
    expect(tankToWake.co2TtwKg).toBeCloseTo(3_114, 9);
    expect(tankToWake.co2eTtwKg).toBeCloseTo(3_169.5, 9);
    expect(tankToWake.co2eWtwKg).toBeCloseTo(3_169.5, 9);
    expect(wellToTank).toMatchObject({
      scope3: 'category_3',
      ruleId: 'S3-VESSEL-BAREBOAT',
      note: 'Well-to-tank part: category 3 (fuel- and energy-related activities)',
      co2TtwKg: 0,
      co2eTtwKg: 0,
      factorSet: result.factorSet,
      vesselImo: '9074729',
      activityAmount: 0,
    });
    expect(wellToTank.co2eWtwKg).toBeCloseTo(546.75, 9);
    expect(tankToWake.co2eWtwKg + wellToTank.co2eWtwKg).toBeCloseTo(3_716.25, 9);
  });

  it('keeps a time-chartered ship whole under category 4', () => {
    const compute = createCalculator(options()).forFile('vessel_fuel_consumption', VESSEL_FIELDS);
    const row = [...hfoVoyage];
    row[VESSEL_FIELDS.indexOf('charter_type')] = 'time';
    expect(compute(row, '2024-03-04', null)).toMatchObject({ scope3: 'category_4', ruleId: 'S3-VESSEL-TIME', wttPart: null });
  });

  it('keeps a well-to-wake intensity of a ship it runs whole under scope 1/2, saying why, and splits a row it cannot compute', () => {
    const compute = createCalculator(
      options({
        organizationFactors: [orgFactor('own.glec.bulk', 'glec_intensity', '10', 'gCO2e/t·km', { activity: 'Bulk carrier' })],
      }),
    ).forFile('vessel_fuel_consumption', VESSEL_FIELDS);
    // no fuel mass: 1,000 t × 100 nm = 100,000 t·nm = 185,200 t·km; × 10 g = 1,852 kg CO2e WtW
    const intensity = compute(
      vesselRow({ ship_type: 'Bulk carrier', distance: 100, cargo_mass: 1_000, charter_type: 'bareboat', period_start: '2024-03-04' }),
      '2024-03-04',
      null,
    );
    expect(intensity).toMatchObject({ method: 'distance_based', scope3: 'scope_1_2', wttPart: null });
    expect(intensity.co2eWtwKg).toBeCloseTo(1_852, 9);
    expect(intensity.note).toContain(
      'Kept whole under scope 1/2 of the organisation: a well-to-wake intensity has no tank-to-wake split, so its well-to-tank part, category 3 (fuel- and energy-related activities), cannot be told apart (rule S3-VESSEL-BAREBOAT)',
    );
    const missing = compute(vesselRow({ fuel_type: 'HFO', charter_type: 'bareboat' }), '2024-03-04', null);
    expect(missing).toMatchObject({ method: 'not_computed', scope3: 'scope_1_2', wttPart: { scope3: 'category_3' } });
  });

  it('lowers the data quality to what the row declares', () => {
    const compute = createCalculator(options()).forFile('vessel_fuel_consumption', VESSEL_FIELDS);
    const row = [...hfoVoyage];
    row[VESSEL_FIELDS.indexOf('data_quality')] = 'modelled';
    expect(compute(row, '2024-03-04', null).dataQuality).toBe('modelled');
  });
});

const LEG_FIELDS = [
  'transport_date',
  'mode',
  'origin',
  'destination',
  'cargo_mass',
  'distance',
  'vehicle_type',
  'energy_carrier',
  'fuel_consumption',
];

describe('transport legs', () => {
  it('multiplies t·km by the organisation’s intensity for the vehicle type, modelled', () => {
    // 20 t × 500 km = 10,000 t·km × 62 gCO2e/t·km = 620,000 g = 620 kg
    const calculator = createCalculator(
      options({
        organizationFactors: [orgFactor('own.glec.truck', 'glec_intensity', '62', 'gCO2e/t·km', { activity: 'Articulated truck 40 t' })],
      }),
    );
    const compute = calculator.forFile('transport_legs', LEG_FIELDS);
    const result = compute(['2024-02-10', 'road', 'NOOSL', 'SEGOT', 20, 500, 'articulated truck 40 T', 'diesel', 1.2], '2024-02-10', null);
    expect(result).toMatchObject({
      method: 'distance_based',
      dataQuality: 'modelled',
      scope3: 'category_4',
      activity: '10000 t·km',
      activityAmount: 10_000,
      route: 'NOOSL→SEGOT',
      month: '2024-02-01',
      co2TtwKg: 0,
      co2eTtwKg: 0,
    });
    expect(result.co2eWtwKg).toBeCloseTo(620, 9);
    expect(calculator.factorSets()[result.factorSet]).toEqual([{ id: 'own.glec.truck', version: 1, organization: true }]);
  });

  it('is fuel-based for a marine fuel with its mass, and says what is missing otherwise', () => {
    // 2 t HFO: 2 × 371.625 kg per t... per g WtW 3.71625 → 7,432.5 kg
    const compute = createCalculator(options()).forFile('transport_legs', LEG_FIELDS);
    expect(compute(['2024-02-10', 'sea', 'NOOSL', 'DEHAM', 800, 600, null, 'hfo', 2], '2024-02-10', null).co2eWtwKg).toBeCloseTo(
      7_432.5,
      6,
    );
    const road = compute(['2024-02-10', 'road', 'NOOSL', 'SEGOT', 20, 500, null, 'diesel', null], '2024-02-10', null);
    expect(road).toMatchObject({ method: 'not_computed', co2eWtwKg: 0 });
    expect(road.note).toBe("No fuel mass and no distance-based factor for mode 'road'; add a factor under Emissions → Factors");
  });
});

const PURCHASE_FIELDS = ['description', 'category', 'purchase_date', 'quantity', 'unit', 'spend', 'currency', 'product_footprint'];

describe('purchases', () => {
  const calculator = createCalculator(
    options({ organizationFactors: [orgFactor('own.spend.lube', 'spend', '0.45', 'kgCO2e/EUR', { activity: 'Lubricants' })] }),
  );
  const compute = calculator.forFile('purchased_goods_services', PURCHASE_FIELDS);

  it('takes the supplier’s footprint × quantity first, primary', () => {
    // 200 kg × 1.8 kg CO2e per kg = 360 kg
    const result = compute(['Lube oil', 'Lubricants', '2024-01-15', 200, 'kg', 1_000, 'EUR', 1.8], '2024-01-15', null);
    expect(result).toMatchObject({ method: 'supplier_reported', dataQuality: 'primary', scope3: 'category_1', co2eWtwKg: 360 });
  });

  it('places a footprint per tonne-kilometre (a carrier’s transport service) in category 4, not 1', () => {
    // 1,000,000 t·km × 0.0034 kg CO2e per t·km = 3,400 kg, a transport service the organisation pays for (inbound).
    const result = compute(['Sea freight, bulk', null, '2025-01-01', 1_000_000, 'ton kilometer', null, null, 0.0034], '2025-01-01', null);
    expect(result).toMatchObject({ method: 'supplier_reported', dataQuality: 'primary', scope3: 'category_4' });
    expect(result.co2eWtwKg).toBeCloseTo(3_400, 9);
    for (const unit of ['t·km', 'tkm', 'Tonne-kilometre']) {
      expect(compute(['Leg', null, '2025-01-01', 10, unit, null, null, 0.01], '2025-01-01', null).scope3).toBe('category_4');
    }
    // Spend on transport without a footprint stays a purchase: the unit says nothing of what was bought by the euro.
    expect(compute(['Freight', 'Lubricants', '2025-01-01', 10, 'tkm', 100, 'EUR', null], '2025-01-01', null).scope3).toBe('category_1');
  });

  it('falls back to EUR spend × the category’s spend factor, default quality', () => {
    // 1,000 EUR × 0.45 kgCO2e/EUR = 450 kg
    const result = compute(['Lube oil', 'lubricants', '2024-01-15', 200, 'kg', 1_000, 'EUR', null], '2024-01-15', null);
    expect(result).toMatchObject({ method: 'spend_based', dataQuality: 'default', activity: '1000 EUR', activityAmount: 1_000 });
    expect(result.co2eWtwKg).toBeCloseTo(450, 9);
  });

  it('does not convert other currencies', () => {
    const result = compute(['Lube oil', 'Lubricants', '2024-01-15', 200, 'kg', 11_000, 'NOK', null], '2024-01-15', null);
    expect(result).toMatchObject({ method: 'not_computed', activityAmount: 0 });
    expect(result.note).toBe('Spend in NOK: spend-based factors are per EUR and no exchange rate is applied');
  });
});

describe('other categories', () => {
  it('answers not computed with the reason for site energy, supplier lists and unknown files', () => {
    const calculator = createCalculator(options());
    expect(calculator.forFile('site_energy', ['energy_consumption'])([1200], null, null)).toMatchObject({
      method: 'not_computed',
      scope3: 'category_1',
      ruleId: 'S3-SUPPLIER-SITE',
    });
    expect(calculator.forFile('supplier_list', ['supplier_name'])(['Acme'], null, null)).toMatchObject({
      method: 'not_computed',
      scope3: 'none',
      ruleId: 'S3-NO-ACTIVITY',
      note: 'A supplier list holds no activity data',
    });
    expect(calculator.forFile('unknown', [])([], null, null)).toMatchObject({ method: 'not_computed', scope3: 'none' });
  });
});

describe('with the built-in library and GWP values', () => {
  const builtIn = createCalculator({ gwpSet: 'AR6', consolidationApproach: 'operational_control', organizationFactors: [] });

  it('computes 100 t HFO with FuelEU Annex II and AR6 as printed in the library', () => {
    // Annex II HFO: Cf 3.114, CH4 0.00005, N2O 0.00018 g/g, LCV 0.0405 MJ/g, WtT 13.5 g/MJ; AR6: fossil CH4 29.8, N2O 273
    // per g: TtW CO2e = 3.114 + 0.00005 × 29.8 + 0.00018 × 273 = 3.114 + 0.00149 + 0.04914 = 3.16463
    // WtT = 0.0405 × 13.5 = 0.54675; WtW = 3.71138
    // 100 t: CO2 311,400 kg; TtW CO2e 316,463 kg; WtW 371,138 kg
    const result = builtIn.forFile('vessel_fuel_consumption', VESSEL_FIELDS)(hfoVoyage, '2024-03-04', null);
    expect(result.method).toBe('fuel_based');
    expect(result.co2TtwKg).toBeCloseTo(311_400, 6);
    expect(result.co2eTtwKg).toBeCloseTo(316_463, 6);
    expect(result.co2eWtwKg).toBeCloseTo(371_138, 6);
    expect(builtIn.factorSets()[result.factorSet]).toEqual([
      { id: 'fueleu.cf.hfo', version: 1 },
      { id: 'fueleu.ch4.hfo', version: 1 },
      { id: 'fueleu.n2o.hfo', version: 1 },
      { id: 'fueleu.lcv.hfo', version: 1 },
      { id: 'fueleu.wtt.hfo', version: 1 },
    ]);
  });

  it('refuses LPG, whose CH4 and N2O Annex II leaves to be measured', () => {
    const result = builtIn.forFile('vessel_fuel_consumption', VESSEL_FIELDS)(
      vesselRow({ imo_number: '9074729', fuel_type: 'LPG_PROPANE', fuel_mass: 3 }),
      '2024-03-04',
      null,
    );
    expect(result.method).toBe('not_computed');
    expect(result.note).toMatch(/^No CH4, N2O factor for LPG_PROPANE valid on 2024-03-04/);
  });
});
