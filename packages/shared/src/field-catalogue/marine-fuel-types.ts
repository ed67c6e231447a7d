import type { AllowedValue } from './types.ts';

/**
 * Marine fuel types as the IMO DCS, EU MRV and FuelEU Maritime tell them apart. LNG is split by engine type
 * because methane slip, and so the emission factor, depends on it; plain "LNG" stays for files that do not say.
 */
export const MARINE_FUEL_TYPES: readonly AllowedValue[] = [
  {
    value: 'HFO',
    label: 'Heavy fuel oil',
    synonyms: [
      'HFO',
      'HSFO',
      'Heavy fuel oil',
      'IFO',
      'IFO 380',
      'IFO380',
      'IFO 180',
      'IFO180',
      'RMG380',
      'RMG 380',
      'RME180',
      'RMK500',
      'Tungolje',
      'Svær fuelolie',
      'Schweröl',
    ],
  },
  {
    value: 'LFO',
    label: 'Light fuel oil',
    synonyms: ['LFO', 'Light fuel oil', 'RMA', 'RMB', 'RMD', 'Lettolje', 'Let fuelolie', 'Leichtes Heizöl'],
  },
  {
    value: 'MDO_MGO',
    label: 'Marine diesel / marine gas oil',
    synonyms: [
      'MDO',
      'MGO',
      'MDO/MGO',
      'MGO/MDO',
      'Diesel/Gas oil',
      'Marine diesel oil',
      'Marine gas oil',
      'Gas oil',
      'DMA',
      'DMB',
      'DMZ',
      'Marine diesel',
      'Marinediesel',
      'Gassolje',
      'Gasolie',
      'Schiffsdiesel',
    ],
  },
  {
    value: 'LNG',
    label: 'LNG (engine type not given)',
    synonyms: ['LNG', 'Liquefied natural gas', 'Flytende naturgass', 'Flydende naturgas', 'Flüssigerdgas'],
  },
  {
    value: 'LNG_OTTO_MS',
    label: 'LNG, Otto cycle dual fuel, medium speed',
    synonyms: ['LNG Otto medium speed', 'LNG Otto MS', 'LNG (Otto MS)', 'LNG Otto (dual fuel medium speed)'],
  },
  {
    value: 'LNG_OTTO_SS',
    label: 'LNG, Otto cycle dual fuel, slow speed',
    synonyms: ['LNG Otto slow speed', 'LNG Otto SS', 'LNG (Otto SS)', 'LNG Otto (dual fuel slow speed)'],
  },
  {
    value: 'LNG_DIESEL',
    label: 'LNG, Diesel cycle dual fuel, slow speed',
    synonyms: ['LNG Diesel', 'LNG Diesel SS', 'LNG (Diesel SS)', 'LNG Diesel (dual fuel slow speed)'],
  },
  { value: 'LNG_LBSI', label: 'LNG, lean-burn spark-ignited', synonyms: ['LNG LBSI', 'LNG (LBSI)', 'LBSI', 'LNG lean-burn spark-ignited'] },
  { value: 'LPG_PROPANE', label: 'LPG (propane)', synonyms: ['LPG propane', 'LPG (Propane)', 'Propane', 'Propan'] },
  { value: 'LPG_BUTANE', label: 'LPG (butane)', synonyms: ['LPG butane', 'LPG (Butane)', 'Butane', 'Butan'] },
  { value: 'METHANOL', label: 'Methanol', synonyms: ['Methanol', 'MeOH', 'Metanol'] },
  { value: 'ETHANOL', label: 'Ethanol', synonyms: ['Ethanol', 'EtOH', 'Etanol'] },
  {
    value: 'BIOFUEL',
    label: 'Biofuel',
    synonyms: ['Biofuel', 'Biofuels', 'Biodiesel', 'HVO', 'FAME', 'B100', 'Biodrivstoff', 'Biobrændstof', 'Biokraftstoff'],
  },
  { value: 'AMMONIA', label: 'Ammonia', synonyms: ['Ammonia', 'NH3', 'Ammoniakk', 'Ammoniak'] },
  { value: 'HYDROGEN', label: 'Hydrogen', synonyms: ['Hydrogen', 'H2', 'Brint', 'Wasserstoff'] },
];

/**
 * Typical densities in t/m³ at 15 °C, to turn a volume into a mass when the file gives no density: heavy and
 * light fuel oil and marine diesel/gas oil from ISO 8217 grades as delivered, LNG and LPG as liquids at their
 * storage temperature, ammonia and hydrogen as liquids, biofuel as FAME. A bunker delivery note's own density is
 * always better: give it in the mapping.
 */
export const MARINE_FUEL_DENSITIES: Readonly<Record<string, number>> = {
  HFO: 0.98,
  LFO: 0.94,
  MDO_MGO: 0.86,
  LNG: 0.45,
  LNG_OTTO_MS: 0.45,
  LNG_OTTO_SS: 0.45,
  LNG_DIESEL: 0.45,
  LNG_LBSI: 0.45,
  LPG_PROPANE: 0.51,
  LPG_BUTANE: 0.58,
  METHANOL: 0.796,
  ETHANOL: 0.789,
  BIOFUEL: 0.88,
  AMMONIA: 0.682,
  HYDROGEN: 0.0708,
};
