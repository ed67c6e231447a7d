import type { AllowedValue, UnitDefinition } from './types.ts';

/** Units and allowed values that several categories share. */

/** Mass, canonical t. Volumes need the fuel's density (t/m³). */
export const MASS_UNITS: readonly UnitDefinition[] = [
  {
    unit: 't',
    label: 'tonnes',
    factor: 1,
    synonyms: ['t', 'tonne', 'tonnes', 'ton', 'tons', 'mt', 'mts', 'm tonnes', 'metric tonnes', 'metric tons', 'tonn', 'Tonnen'],
  },
  { unit: 'kg', label: 'kilograms', factor: 0.001, synonyms: ['kg', 'kgs', 'kilogram', 'kilograms', 'kilo'] },
  { unit: 'g', label: 'grams', factor: 0.000001, synonyms: ['g', 'gram', 'grams'] },
];
export const FUEL_VOLUME_UNITS: readonly UnitDefinition[] = [
  { unit: 'm3', label: 'cubic metres', factor: 1, needsDensity: true, synonyms: ['m3', 'm³', 'cbm', 'cubic metres', 'kubikkmeter'] },
  { unit: 'l', label: 'litres', factor: 0.001, needsDensity: true, synonyms: ['l', 'litre', 'litres', 'liter', 'liters'] },
];
export const FUEL_MASS_UNITS: readonly UnitDefinition[] = [...MASS_UNITS, ...FUEL_VOLUME_UNITS];

/** Distance at sea, canonical nautical miles. */
export const NAUTICAL_DISTANCE_UNITS: readonly UnitDefinition[] = [
  {
    unit: 'nm',
    label: 'nautical miles',
    factor: 1,
    synonyms: ['nm', 'n mile', 'n miles', 'nmi', 'nautical miles', 'nautiske mil', 'sømil', 'Seemeilen', 'sm', 'miles', 'sea miles'],
  },
  { unit: 'km', label: 'kilometres', factor: 1 / 1.852, synonyms: ['km', 'kilometres', 'kilometers'] },
];

/** Distance on land and in transport chains, canonical km. */
export const DISTANCE_UNITS: readonly UnitDefinition[] = [
  { unit: 'km', label: 'kilometres', factor: 1, synonyms: ['km', 'kilometres', 'kilometers'] },
  { unit: 'nm', label: 'nautical miles', factor: 1.852, synonyms: ['nm', 'nmi', 'nautical miles'] },
  { unit: 'mi', label: 'miles', factor: 1.609344, synonyms: ['mi', 'mile', 'miles'] },
  { unit: 'm', label: 'metres', factor: 0.001, synonyms: ['m', 'metres', 'meters'] },
];

export const HOUR_UNITS: readonly UnitDefinition[] = [
  { unit: 'h', label: 'hours', factor: 1, synonyms: ['h', 'hr', 'hrs', 'hours', 'timer', 'Stunden', 'Std', 'Std.', 'timar'] },
  { unit: 'min', label: 'minutes', factor: 1 / 60, synonyms: ['min', 'minutes', 'minutter', 'Minuten'] },
  { unit: 'd', label: 'days', factor: 24, synonyms: ['d', 'days', 'dager', 'dage', 'Tage'] },
];

/** Energy, canonical kWh. */
export const ENERGY_UNITS: readonly UnitDefinition[] = [
  { unit: 'kWh', label: 'kilowatt hours', factor: 1, synonyms: ['kwh', 'kilowatt hours'] },
  { unit: 'Wh', label: 'watt hours', factor: 0.001, synonyms: ['wh'] },
  { unit: 'MWh', label: 'megawatt hours', factor: 1000, synonyms: ['mwh'] },
  { unit: 'GWh', label: 'gigawatt hours', factor: 1_000_000, synonyms: ['gwh'] },
  { unit: 'MJ', label: 'megajoules', factor: 1 / 3.6, synonyms: ['mj'] },
  { unit: 'GJ', label: 'gigajoules', factor: 1000 / 3.6, synonyms: ['gj'] },
];

export const DISTANCE_KINDS: readonly AllowedValue[] = [
  { value: 'actual', label: 'Actual distance', synonyms: ['Actual', 'Actual distance', 'Sailed', 'Driven', 'Faktisk', 'Tatsächlich'] },
  {
    value: 'great_circle',
    label: 'Great-circle distance',
    synonyms: ['Great circle', 'Great-circle', 'GCD', 'Storsirkel', 'Storcirkel', 'Großkreis'],
  },
  {
    value: 'shortest_feasible',
    label: 'Shortest feasible distance',
    synonyms: ['Shortest feasible', 'Shortest feasible distance', 'SFD', 'Korteste mulige', 'Kürzeste mögliche'],
  },
];

export const DATA_QUALITY_LEVELS: readonly AllowedValue[] = [
  {
    value: 'primary',
    label: 'Primary (measured)',
    synonyms: ['Primary', 'Primary data', 'Measured', 'Metered', 'Målt', 'Primærdata', 'Primärdaten', 'Gemessen'],
  },
  {
    value: 'modelled',
    label: 'Modelled',
    synonyms: ['Modelled', 'Modeled', 'Model', 'Estimated', 'Modellert', 'Estimert', 'Modelleret', 'Estimeret', 'Modelliert', 'Geschätzt'],
  },
  { value: 'default', label: 'Default values', synonyms: ['Default', 'Default value', 'Standardverdi', 'Standardværdi', 'Standardwert'] },
];

/** Energy carriers for transport chain elements and hubs (ISO 14083 / GLEC). */
export const ENERGY_CARRIERS: readonly AllowedValue[] = [
  { value: 'diesel', label: 'Diesel', synonyms: ['Diesel', 'B7', 'Road diesel', 'Autodiesel'] },
  { value: 'petrol', label: 'Petrol', synonyms: ['Petrol', 'Gasoline', 'Bensin', 'Benzin'] },
  { value: 'hvo', label: 'HVO (renewable diesel)', synonyms: ['HVO', 'HVO100', 'Renewable diesel', 'Fornybar diesel'] },
  { value: 'biodiesel', label: 'Biodiesel (FAME)', synonyms: ['Biodiesel', 'FAME', 'B100'] },
  { value: 'cng', label: 'CNG', synonyms: ['CNG', 'Compressed natural gas'] },
  { value: 'lng', label: 'LNG', synonyms: ['LNG', 'Liquefied natural gas', 'Flytende naturgass', 'Flydende naturgas'] },
  { value: 'biomethane', label: 'Biomethane', synonyms: ['Biomethane', 'Biogas', 'Bio-LNG', 'Bio-CNG', 'Biometan', 'Biomethan'] },
  { value: 'lpg', label: 'LPG', synonyms: ['LPG', 'Propane', 'Butane', 'Propan', 'Autogas'] },
  { value: 'natural_gas', label: 'Natural gas', synonyms: ['Natural gas', 'Naturgass', 'Naturgas', 'Erdgas'] },
  {
    value: 'electricity',
    label: 'Electricity',
    synonyms: ['Electricity', 'Electric', 'Power', 'BEV', 'Strøm', 'Elektrisitet', 'El', 'Strom'],
  },
  { value: 'hydrogen', label: 'Hydrogen', synonyms: ['Hydrogen', 'H2', 'Brint', 'Wasserstoff'] },
  { value: 'jet_fuel', label: 'Jet fuel', synonyms: ['Jet fuel', 'Jet A-1', 'Jet A1', 'Kerosene', 'Parafin', 'Kerosin'] },
  { value: 'saf', label: 'Sustainable aviation fuel', synonyms: ['SAF', 'Sustainable aviation fuel'] },
  { value: 'hfo', label: 'Heavy fuel oil', synonyms: ['HFO', 'Heavy fuel oil', 'IFO 380', 'Tungolje', 'Schweröl'] },
  { value: 'mdo_mgo', label: 'Marine diesel / gas oil', synonyms: ['MDO', 'MGO', 'MDO/MGO', 'Marine diesel oil', 'Marine gas oil'] },
  { value: 'methanol', label: 'Methanol', synonyms: ['Methanol', 'MeOH', 'Metanol'] },
  { value: 'ammonia', label: 'Ammonia', synonyms: ['Ammonia', 'NH3', 'Ammoniakk', 'Ammoniak'] },
  { value: 'district_heating', label: 'District heating', synonyms: ['District heating', 'Fjernvarme', 'Fernwärme'] },
];

/**
 * Typical densities in t/m³ at 15 °C of the liquid energy carriers, to turn a volume into a mass when the file
 * gives no density (road diesel and petrol after EN 590 and EN 228, LNG, LPG, ammonia and hydrogen as liquids).
 * Gases (CNG, biomethane, natural gas) and electricity or heat have none: their volumes need a density in the mapping.
 */
export const ENERGY_CARRIER_DENSITIES: Readonly<Record<string, number>> = {
  diesel: 0.835,
  petrol: 0.745,
  hvo: 0.78,
  biodiesel: 0.883,
  lng: 0.45,
  lpg: 0.54,
  hydrogen: 0.0708,
  jet_fuel: 0.8,
  saf: 0.76,
  hfo: 0.98,
  mdo_mgo: 0.86,
  methanol: 0.796,
  ammonia: 0.682,
};
