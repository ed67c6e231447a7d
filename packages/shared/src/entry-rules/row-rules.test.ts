import { describe, expect, it } from 'vitest';
import { duplicateInFileIssue, duplicateOfStoredEntryIssue } from './index.ts';
import { described, planFor } from './test-helpers.ts';

const IMO = 9074729;

describe('cross-field rules', () => {
  const voyage = planFor('vessel_fuel_consumption', [
    'imo_number',
    'fuel_type',
    'fuel_mass',
    'period_start',
    'period_end',
    'distance',
    'laden_distance',
    'hours_at_sea',
    'reporting_year',
  ]);

  it('accepts a consistent row', () => {
    expect(voyage.row([IMO, 'HFO', 10, '2024-01-01', '2024-01-02', 400, 250, 48, 2024]).issues).toEqual([]);
  });

  it('refuses a period that ends before it starts', () => {
    const entry = voyage.row([IMO, 'HFO', 10, '2024-02-01', '2024-01-31', 400, 250, 24, 2024]);
    expect(described(entry)).toEqual(['END_BEFORE_START: Row 14, Period end: 2024-01-31 is before the period start 2024-02-01.']);
    expect(entry.isValid).toBe(false);
    expect(voyage.value(entry, 'period_end')).toBe('2024-01-31');
  });

  it('refuses a laden distance above the total distance', () => {
    expect(described(voyage.row([IMO, 'HFO', 10, '2024-01-01', '2024-01-02', 400, 400.5, 24, 2024]))).toEqual([
      'LADEN_ABOVE_TOTAL: Row 14, Laden distance: 400.5 nm laden is more than the total distance of 400 nm.',
    ]);
    expect(voyage.row([IMO, 'HFO', 10, '2024-01-01', '2024-01-02', 400, 400, 24, 2024]).issues).toEqual([]);
  });

  it('warns about hours at sea beyond the period and a period outside the reporting year', () => {
    const entry = voyage.row([IMO, 'HFO', 10, '2023-01-01', '2023-01-02', 400, 250, 49, 2024]);
    expect(described(entry)).toEqual([
      'PERIOD_OUTSIDE_YEAR: Row 14, Reporting year: the period 2023-01-01 to 2023-01-02 lies outside the reporting year 2024.',
      'HOURS_ABOVE_PERIOD: Row 14, Hours at sea: 49 h at sea is more than the 48 h from 2023-01-01 to 2023-01-02.',
    ]);
    expect(entry.isValid).toBe(true);
    expect(entry.dataPoints).toEqual({ errors: 0, warnings: 2, successes: 7 });
    // A voyage across new year belongs to both years.
    expect(voyage.row([IMO, 'HFO', 10, '2023-12-28', '2024-01-03', 400, 250, 24, 2024]).issues).toEqual([]);
    const annual = planFor('vessel_fuel_consumption', ['imo_number', 'fuel_type', 'fuel_mass', 'hours_at_sea', 'reporting_year']);
    expect(described(annual.row([IMO, 'HFO', 10, 8785, 2024]))).toEqual([
      'HOURS_ABOVE_PERIOD: Row 14, Hours at sea: 8785 h at sea is more than the 8784 h in 2024.',
    ]);
  });

  it('runs cross-field rules only on values that passed their own checks', () => {
    expect(described(voyage.row([IMO, 'HFO', 10, '2024-02-01', 'soon', 'far', 400, 24, 2024]))).toEqual([
      'INVALID_DATE: Row 14, Period end: “soon” is not a date.',
      'NOT_A_NUMBER: Row 14, Distance: “far” is not a number.',
    ]);
  });

  it('warns about a period missing from a row when the category dates by it', () => {
    expect(described(voyage.row([IMO, 'HFO', 10, null, null, 400, 250, 24, null]))).toEqual([
      'PERIOD_MISSING: Row 14, Period start: none of Period start, Period end or Reporting year has a value, so the entry has no date.',
    ]);
  });

  it('needs a quantity on port operations and purchases', () => {
    const port = planFor('port_operations', [
      'hub_name',
      'hub_type',
      'energy_carrier',
      'energy_consumption',
      'fuel_consumption',
      'period_start',
    ]);
    const entry = port.row(['Terminal 1', 'Container terminal', 'Electricity', null, 'N/A', '2024-01-01']);
    expect(described(entry)).toEqual([
      'QUANTITY_MISSING: Row 14, Energy consumed: none of Energy consumed or Fuel consumed has a value; one of them is needed.',
    ]);
    expect(entry.isValid).toBe(false);
    expect(port.row(['Terminal 1', 'Container terminal', 'Electricity', '12 MWh', null, '2024-01-01']).values).toEqual([
      'Terminal 1',
      'container_terminal',
      '2024-01-01',
      'electricity',
      12000,
      null,
    ]);
  });

  it('warns about a quantity without unit, a spend without currency and the same origin and destination', () => {
    const purchases = planFor('purchased_goods_services', ['description', 'quantity', 'unit', 'spend', 'currency']);
    expect(described(purchases.row(['Lubricants', 12, '', 1000, null]))).toEqual([
      'QUANTITY_WITHOUT_UNIT: Row 14, Unit: the quantity 12 has no unit.',
      'SPEND_WITHOUT_CURRENCY: Row 14, Currency: the spend 1000 has no currency.',
    ]);
    const legs = planFor('transport_legs', ['mode', 'origin', 'destination', 'cargo_mass', 'distance']);
    expect(described(legs.row(['Road', 'Oslo', ' oslo ', 10, 5]))).toEqual([
      'SAME_ORIGIN_DESTINATION: Row 14, Destination: the destination is the same as the origin (Oslo).',
    ]);
  });

  it('warns about a ship named on energy that was not shore power', () => {
    const site = planFor('site_energy', ['site_name', 'energy_consumption', 'is_shore_power', 'vessel_imo']);
    expect(described(site.row(['Berth 3', 100, 'No', IMO]))).toEqual([
      'IMO_WITHOUT_SHORE_POWER: Row 14, Vessel IMO number: a ship is named but Shore power says no; only shore power is delivered to ships.',
    ]);
    expect(site.row(['Berth 3', 100, 'Yes', IMO]).issues).toEqual([]);
  });
});

describe('entry date and duplicate key', () => {
  it('dates an entry by its period start, else its end, else its reporting year', () => {
    const vessel = planFor('vessel_fuel_consumption', [
      'imo_number',
      'fuel_type',
      'fuel_mass',
      'period_start',
      'period_end',
      'reporting_year',
    ]);
    expect(vessel.row([IMO, 'HFO', 1, '2024-03-01', '2024-03-31', 2024]).entryDate).toBe('2024-03-01');
    expect(vessel.row([IMO, 'HFO', 1, null, '2024-03-31', 2024]).entryDate).toBe('2024-03-31');
    expect(vessel.row([IMO, 'HFO', 1, null, null, 2023]).entryDate).toBe('2023-01-01');
    expect(vessel.row([IMO, 'HFO', 1, 'soon', null, null]).entryDate).toBeNull();
    const legs = planFor('transport_legs', ['mode', 'origin', 'destination', 'cargo_mass', 'distance', 'transport_date']);
    expect(legs.row(['Rail', 'Oslo', 'Bergen', 10, 470, 45366]).entryDate).toBe('2024-03-15');
    expect(planFor('supplier_list', ['supplier_name']).row(['Acme']).entryDate).toBeNull();
  });

  it('identifies a vessel row by IMO number, period or year, and fuel type', () => {
    const vessel = planFor('vessel_fuel_consumption', [
      'imo_number',
      'fuel_type',
      'fuel_mass',
      'period_start',
      'period_end',
      'reporting_year',
    ]);
    expect(vessel.row(['IMO 9074729', 'IFO 380', 1, '2024-03-01', '2024-03-31', null]).duplicateKey).toBe(
      '9074729|2024-03-01..2024-03-31|HFO',
    );
    expect(vessel.row([IMO, 'MGO', 1, null, null, 2023]).duplicateKey).toBe('9074729|y2023|MDO_MGO');
    expect(vessel.row([IMO, 'MGO', 1, null, null, null]).duplicateKey).toBeNull();
    expect(vessel.row([1234568, 'MGO', 1, null, null, 2023]).duplicateKey).toBeNull();
  });

  it('identifies rows of the other categories by what makes them the same', () => {
    const legs = planFor('transport_legs', ['mode', 'origin', 'destination', 'cargo_mass', 'distance', 'shipment_id', 'leg_id']);
    expect(legs.row(['Rail', 'Oslo', 'Bergen', 10, 470, 'SH-1', 'A']).duplicateKey).toBe('sh-1|a');
    expect(legs.row(['Rail', 'Oslo', 'Bergen', 10, 470, 'SH-1', null]).duplicateKey).toBe('sh-1||oslo|bergen|rail');
    expect(legs.row(['Rail', 'Oslo', 'Bergen', 10, 470, null, 'A']).duplicateKey).toBeNull();
    const site = planFor('site_energy', ['site_name', 'energy_consumption', 'meter_id', 'period_start', 'period_end', 'energy_source']);
    expect(site.row(['HQ', 100, 'M-7', '2024-01-01', '2024-01-31', 'Grid']).duplicateKey).toBe(
      'm-7|grid_electricity|2024-01-01..2024-01-31',
    );
    expect(site.row(['HQ', 100, null, '2024-01-01', null, null]).duplicateKey).toBe('hq||2024-01-01..');
    const port = planFor('port_operations', [
      'hub_name',
      'hub_type',
      'energy_carrier',
      'energy_consumption',
      'period_start',
      'hub_locode',
      'activity',
    ]);
    expect(port.row(['Terminal 1', 'Warehouse', 'Diesel', 5, '2024-01-01', 'NO OSL', 'Loading']).duplicateKey).toBe(
      'noosl|loading|diesel|2024-01-01..',
    );
    const suppliers = planFor('supplier_list', ['supplier_name', 'registration_number', 'country']);
    expect(suppliers.row(['Acme AS', '923 456 789', 'NO']).duplicateKey).toBe('id:923456789|NO');
    expect(suppliers.row(['Acme AS', null, 'NO']).duplicateKey).toBe('name:acme as|NO');
    expect(planFor('purchased_goods_services', ['description', 'spend']).row(['Oil', 10]).duplicateKey).toBeNull();
  });

  it('words the duplicate warnings the caller raises', () => {
    expect(duplicateInFileIssue('vessel_fuel_consumption', 20, 14)).toEqual({
      code: 'DUPLICATE_IN_FILE',
      type: 'warning',
      field: null,
      rowNumber: 20,
      message: 'Row 20: row 14 of this file has the same ship, period and fuel type.',
      value: null,
    });
    expect(duplicateInFileIssue('transport_legs', 20).message).toBe('Row 20: an earlier row of this file has the same shipment leg.');
    expect(duplicateOfStoredEntryIssue('site_energy', 7, 'energy-2023.xlsx, row 4')).toMatchObject({
      code: 'DUPLICATE_OF_STORED_ENTRY',
      type: 'warning',
      message: 'Row 7: an entry already stored (energy-2023.xlsx, row 4) has the same site or meter, energy source and period.',
    });
  });
});
