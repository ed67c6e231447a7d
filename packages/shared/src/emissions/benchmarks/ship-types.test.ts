import { describe, expect, it } from 'vitest';
import { CII_SHIP_TYPE_OF_EU_MRV, EU_MRV_SHIP_TYPES, euMrvShipTypeOf } from './ship-types.ts';

// Every distinct "Ship type" of the EU MRV publication 2021 (file version 214 of 30 April 2025), 12,484 ship rows.
const EU_MRV_2021_SHIP_TYPES = [
  'Bulk carrier',
  'Chemical tanker',
  'Combination carrier',
  'Container ship',
  'Container/ro-ro cargo ship',
  'Gas carrier',
  'General cargo ship',
  'LNG carrier',
  'Oil tanker',
  'Other ship types',
  'Passenger ship',
  'Refrigerated cargo carrier',
  'Ro-pax ship',
  'Ro-ro ship',
  'Vehicle carrier',
];

describe('EU MRV ship types as peer groups', () => {
  it('holds exactly the 2021 ship types', () => {
    expect([...EU_MRV_SHIP_TYPES]).toEqual(EU_MRV_2021_SHIP_TYPES);
  });

  it.each(EU_MRV_2021_SHIP_TYPES)('maps the catalogue value "%s" to itself, whatever its case and spacing', (type) => {
    expect(euMrvShipTypeOf(type)).toBe(type);
    expect(euMrvShipTypeOf(`  ${type.toUpperCase()} `)).toBe(type);
  });

  it('maps common other spellings and leaves unknown ones without a peer group', () => {
    expect(euMrvShipTypeOf('Containership')).toBe('Container ship');
    expect(euMrvShipTypeOf('RoPax')).toBe('Ro-pax ship');
    expect(euMrvShipTypeOf('Ro-Ro')).toBe('Ro-ro ship');
    expect(euMrvShipTypeOf('Reefer')).toBe('Refrigerated cargo carrier');
    expect(euMrvShipTypeOf('PCTC')).toBe('Vehicle carrier');
    expect(euMrvShipTypeOf('LPG carrier')).toBe('Gas carrier');
    expect(euMrvShipTypeOf('Tug')).toBeNull();
    expect(euMrvShipTypeOf('')).toBeNull();
    expect(euMrvShipTypeOf(null)).toBeNull();
  });

  it('names the CII ship type where one EU MRV type is one CII type', () => {
    expect(CII_SHIP_TYPE_OF_EU_MRV).toEqual({
      'Bulk carrier': 'bulk_carrier',
      'Chemical tanker': 'tanker',
      'Combination carrier': 'combination_carrier',
      'Container ship': 'container_ship',
      'Container/ro-ro cargo ship': null,
      'Gas carrier': 'gas_carrier',
      'General cargo ship': 'general_cargo_ship',
      'LNG carrier': 'lng_carrier',
      'Oil tanker': 'tanker',
      'Other ship types': null,
      'Passenger ship': null,
      'Refrigerated cargo carrier': 'refrigerated_cargo_carrier',
      'Ro-pax ship': 'ro_ro_passenger_ship',
      'Ro-ro ship': 'ro_ro_cargo_ship',
      'Vehicle carrier': 'ro_ro_cargo_ship_vehicle_carrier',
    });
  });
});
