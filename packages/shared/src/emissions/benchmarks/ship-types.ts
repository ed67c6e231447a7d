import type { CiiShipType } from '../vessel-indicators/cii.ts';

/**
 * The "Ship type" values of the EU MRV publication (2021 file, read in full). They are the peer groups of the
 * benchmark: the publication carries no deadweight or gross tonnage, so there is no size band within a type (its
 * only size-related column is the EEDI/EIV "Technical efficiency" text).
 */
export const EU_MRV_SHIP_TYPES = [
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
] as const;
export type EuMrvShipType = (typeof EU_MRV_SHIP_TYPES)[number];

/**
 * The CII ship type of each EU MRV type, for showing a benchmark beside the CII rating; null where the EU MRV type
 * spans several CII types or none (passenger ships other than ro-pax include cruise and other passenger ships, a
 * container/ro-ro ship is neither a container ship nor a ro-ro cargo ship by name, "Other ship types" is a rest).
 */
export const CII_SHIP_TYPE_OF_EU_MRV: Readonly<Record<EuMrvShipType, CiiShipType | null>> = {
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
};

/**
 * The EU MRV transport-work column (mass, g CO2 / m tonnes · n miles) is "N/A" in the 2021 file for these types,
 * which report per volume (LNG) or per passenger / freight instead; benchmarks per transport work have no peers
 * for them.
 */
export const EU_MRV_TYPES_WITHOUT_MASS_TRANSPORT_WORK: readonly EuMrvShipType[] = [
  'Container/ro-ro cargo ship',
  'LNG carrier',
  'Passenger ship',
  'Ro-pax ship',
];

const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Other spellings a supplier's file uses for the same type, keyed as {@link key} leaves them. */
const ALIASES: Readonly<Record<string, EuMrvShipType>> = {
  bulker: 'Bulk carrier',
  'dry bulk carrier': 'Bulk carrier',
  'bulk carrier ship': 'Bulk carrier',
  'chemical tanker ship': 'Chemical tanker',
  'chemical oil tanker': 'Chemical tanker',
  'oil chemical tanker': 'Chemical tanker',
  container: 'Container ship',
  containership: 'Container ship',
  'container vessel': 'Container ship',
  'con ro': 'Container/ro-ro cargo ship',
  conro: 'Container/ro-ro cargo ship',
  'container ro ro ship': 'Container/ro-ro cargo ship',
  'lpg carrier': 'Gas carrier',
  'lpg tanker': 'Gas carrier',
  'gas tanker': 'Gas carrier',
  'general cargo': 'General cargo ship',
  'multi purpose': 'General cargo ship',
  multipurpose: 'General cargo ship',
  'lng tanker': 'LNG carrier',
  tanker: 'Oil tanker',
  'crude oil tanker': 'Oil tanker',
  'product tanker': 'Oil tanker',
  'oil products tanker': 'Oil tanker',
  other: 'Other ship types',
  'cruise ship': 'Passenger ship',
  'cruise passenger ship': 'Passenger ship',
  reefer: 'Refrigerated cargo carrier',
  'reefer ship': 'Refrigerated cargo carrier',
  'refrigerated cargo ship': 'Refrigerated cargo carrier',
  ropax: 'Ro-pax ship',
  'ro pax': 'Ro-pax ship',
  'ro ro passenger ship': 'Ro-pax ship',
  'ro ro': 'Ro-ro ship',
  roro: 'Ro-ro ship',
  'ro ro cargo ship': 'Ro-ro ship',
  'car carrier': 'Vehicle carrier',
  pctc: 'Vehicle carrier',
  'pure car carrier': 'Vehicle carrier',
  'ro ro cargo ship vehicle carrier': 'Vehicle carrier',
};

const BY_KEY: ReadonlyMap<string, EuMrvShipType> = new Map([
  ...EU_MRV_SHIP_TYPES.map((type) => [key(type), type] as const),
  ...Object.entries(ALIASES),
]);

/**
 * The EU MRV peer group of a catalogue `ship_type` value. The catalogue field is free text "as reported to the EU
 * MRV or IMO DCS", so the EU MRV names map to themselves whatever their case or punctuation, and a few common other
 * spellings are accepted; anything else is null (no peer group) rather than a guess.
 */
export const euMrvShipTypeOf = (catalogueShipType: string | null | undefined): EuMrvShipType | null =>
  catalogueShipType == null ? null : (BY_KEY.get(key(catalogueShipType)) ?? null);
