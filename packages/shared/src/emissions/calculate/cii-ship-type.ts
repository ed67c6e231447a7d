import { CII_SHIP_TYPE_OF_EU_MRV, euMrvShipTypeOf } from '../benchmarks/ship-types.ts';
import { CII_SHIP_TYPES, type CiiShipType } from '../vessel-indicators/cii.ts';

const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Spellings that name one CII type where the EU MRV mapping gives none or a coarser one: the CII types' own names,
 * and cruise ships, which the EU MRV publication files under "Passenger ship" together with other passenger ships.
 */
const CII_ALIASES: ReadonlyMap<string, CiiShipType> = new Map<string, CiiShipType>([
  ...CII_SHIP_TYPES.map((type) => [key(type), type] as const),
  ['cruise ship', 'cruise_passenger_ship'],
  ['cruise passenger ship', 'cruise_passenger_ship'],
  ['cruise vessel', 'cruise_passenger_ship'],
  ['ro ro passenger ship', 'ro_ro_passenger_ship'],
  ['ro ro cargo ship vehicle carrier', 'ro_ro_cargo_ship_vehicle_carrier'],
  ['lng tanker', 'lng_carrier'],
]);

/**
 * The IMO CII ship type of a catalogue `ship_type` value (free text "as reported to the EU MRV or IMO DCS"): the CII
 * type's own name or a cruise ship spelling first, then any spelling the EU MRV peer groups accept, through their CII
 * type. Null where the type has no CII reference line (EU MRV "Passenger ship", "Other ship types", a con-ro) or the
 * text is not a known type: the ship is then not rated rather than rated as a guess.
 */
export const ciiShipTypeOf = (shipType: string | null | undefined): CiiShipType | null => {
  if (shipType == null) return null;
  const own = CII_ALIASES.get(key(shipType));
  if (own) return own;
  const euMrv = euMrvShipTypeOf(shipType);
  return euMrv === null ? null : CII_SHIP_TYPE_OF_EU_MRV[euMrv];
};
