import type { LabelledFile } from './labelled-values.ts';
import type { SampleCell } from './types.ts';

/**
 * The EU MRV publication (emissions report per ship and year, published by EMSA): every column header of the
 * 2018–2019 layout and of the 2020–2021 layout as they stand in row 3 of the XLSX files, under merged group rows,
 * with sample values from the files. "D" is there twice, as in the files. The 2020–2021 files renamed the time at
 * sea ("Annual Total time spent at sea" → "Annual Time spent at sea"); the rest is the same.
 *
 * Most columns are breakdowns, averages or verifier details that no field of vessel fuel consumption holds.
 */

/** Header → field; every other header maps to no field. */
const EXPECTED: Record<string, string> = {
  'IMO Number': 'imo_number',
  Name: 'vessel_name',
  'Ship type': 'ship_type',
  'Reporting Period': 'reporting_year',
  'Total fuel consumption [m tonnes]': 'fuel_mass',
  'Total CO₂ emissions [m tonnes]': 'reported_co2',
  'Annual Total time spent at sea [hours]': 'hours_at_sea',
  'Annual Time spent at sea [hours]': 'hours_at_sea',
  'Annual average Fuel consumption per distance [kg / n mile]': 'fuel_consumption_per_distance',
};

type Layout = readonly (readonly [string, readonly SampleCell[]])[];

const LAYOUT_2018_2019: Layout = [
  ['IMO Number', ['5383304', '6417097', '7411961', '7827225', '8107000', '8309402']],
  ['Name', ['ASTORIA', 'MARCO POLO', 'RAMDANE ABANE', 'REGINA BALTICA', 'STEVIA', 'MOBILE PEARL']],
  ['Ship type', ['Passenger ship', 'Passenger ship', 'Gas carrier', 'Ro-pax ship', 'General cargo ship', 'General cargo ship']],
  ['Reporting Period', [2018, 2018, 2018, 2018, 2018, 2018]],
  [
    'Technical efficiency',
    ['Not Applicable', 'Not Applicable', 'EIV (8.4 gCO₂/t·nm)', 'EIV (32.1 gCO₂/t·nm)', 'EIV (13.47 gCO₂/t·nm)', 'Not Applicable'],
  ],
  ['Port of Registry', ['Madeira', 'Beirut', 'Algiers', 'Limassol', 'Varna', 'Nassau']],
  ['Home Port', ['Piraeus', 'Tallinn', 'Arzew', 'Varna', 'Valetta', 'Burgas']],
  ['Ice Class', ['IC', 'IC', 'IC', 'PC4', 'IA Super', 'IA']],
  ['DoC issue date', ['05/02/2019', '05/02/2019', '08/08/2019', '16/05/2019', '09/09/2019', '19/04/2019']],
  ['DoC expiry date', ['30/06/2020', '30/06/2020', '30/06/2020', '30/06/2020', '30/06/2020', '30/06/2020']],
  ['Verifier Number', ['001', '10296', '1083-2', '1083-2', '1083-2', '1083-2']],
  [
    'Verifier Name',
    [
      'ICS Verification Services Single Member P.C.',
      'ICS Verification Services Single Member P.C.',
      'Bureau Veritas Certification France',
      'RINA Services Spa',
      'RINA Services Spa',
      'DNV',
    ],
  ],
  [
    'Verifier NAB',
    [
      'Hellenic Accredidation System',
      'Hellenic Accredidation System',
      'COFRAC',
      'ACCREDIA',
      'ACCREDIA',
      'German national accreditation body (DAkkS)',
    ],
  ],
  [
    'Verifier Address',
    [
      '16, Efplias Str.\n185 37 Piraeus, Greece',
      '16, Efplias Str.\n185 37 Piraeus, Greece',
      '1 Place Zaha Hadid',
      'Via Corsica 12',
      'Via Corsica 12',
      'Brooktorkai 18',
    ],
  ],
  ['Verifier City', ['Piraeus', 'Piraeus', '92400 COURBEVOIE', 'Genova', 'Genova', '20457 Hamburg']],
  ['Verifier Accreditation number', ['1101-3', '1101-3', '3-2047 rév. 1', '002O', '002O', 'VS-16026-01']],
  ['Verifier Country', ['Greece', 'Greece', 'France', 'Italy', 'Italy', 'Germany']],
  ['A', ['Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes']],
  ['B', ['Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes']],
  ['C', ['Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes']],
  ['D', []],
  ['D', []],
  ['Total fuel consumption [m tonnes]', [6307.75, 8125.56, 6118.26, 11957.44, 1951.4, 2098.96]],
  ['Fuel consumptions assigned to On laden [m tonnes]', ['N/A', 'N/A', 2707.49, 'N/A', 1063.4, 'N/A']],
  ['Total CO₂ emissions [m tonnes]', [20080.25, 25689.03, 17727.61, 37530.46, 6120.38, 6555.71]],
  ['CO₂ emissions from all voyages between ports under a MS jurisdiction [m tonnes]', [16035.42, 18028.86, 0, 163.28, 0, 4630.38]],
  [
    'CO₂ emissions from all voyages which departed from ports under a MS jurisdiction [m tonnes]',
    [728.59, 3161.92, 6867.83, 17832.82, 2279.41, 686.96],
  ],
  ['CO₂ emissions from all voyages to ports under a MS jurisdiction [m tonnes]', [974.78, 2155.09, 7774.75, 17998.28, 3327.68, 309.62]],
  [
    'CO₂ emissions which occurred within ports under a MS jurisdiction at berth [m tonnes]',
    [2341.47, 2343.16, 3085.04, 1536, 815.28, 928.74],
  ],
  ['CO₂ emissions assigned to Passenger transport [m tonnes]', ['N/A', 'N/A', 'N/A', 29904.28, 'N/A', 'N/A']],
  ['CO₂ emissions assigned to Freight transport [m tonnes]', ['N/A', 'N/A', 'N/A', 7626.18, 'N/A', 'N/A']],
  ['CO₂ emissions assigned to On laden [m tonnes]', ['N/A', 'N/A', 7774.75, 'N/A', 3327.68, 'N/A']],
  ['Annual Total time spent at sea [hours]', [4170.2, 4360.57, 1065.66, 5108, 6255.01, 3559.8]],
  ['Annual average Fuel consumption per distance [kg / n mile]', [139.07, 143.81, 517.72, 147.71, 39.94, 92.2]],
  ['Annual average Fuel consumption per transport work (mass) [g / m tonnes · n miles]', ['N/A', 'N/A', 28.78, 'N/A', 0.34, 41.97]],
  ['Annual average Fuel consumption per transport work (volume) [g / m³ · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Annual average Fuel consumption per transport work (dwt) [g / dwt carried · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 3.33, 5.21]],
  ['Annual average Fuel consumption per transport work (pax) [g / pax · n miles]', [311.97, 202.42, 'N/A', 7314.31, 'N/A', 'N/A']],
  ['Annual average Fuel consumption per transport work (freight) [g / m tonnes · n miles]', ['N/A', 'N/A', 'N/A', 7313.1, 'N/A', 'N/A']],
  ['Annual average CO₂ emissions per distance [kg CO₂ / n mile]', [442.71, 454.65, 1500.1, 463.61, 125.27, 287.98]],
  ['Annual average CO₂ emissions per transport work (mass) [g CO₂ / m tonnes · n miles]', ['N/A', 'N/A', 83.39, 'N/A', 1.08, 134.57]],
  ['Annual average CO₂ emissions per transport work (volume) [g CO₂ / m³ · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Annual average CO₂ emissions per transport work (dwt) [g CO₂ / dwt carried · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 10.45, 16.26]],
  ['Annual average CO₂ emissions per transport work (pax) [g CO₂ / pax · n miles]', [993.14, 639.96, 'N/A', 22957.22, 'N/A', 'N/A']],
  ['Annual average CO₂ emissions per transport work (freight) [g CO₂ / m tonnes · n miles]', ['N/A', 'N/A', 'N/A', 22953.41, 'N/A', 'N/A']],
  ['Through ice [n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Total time spent at sea [hours]', [4170.2, 4360.57, 1065.66, 5108, 6255.01, 3559.8]],
  ['Total time spent at sea through ice [hours]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  [
    'Fuel consumption per distance on laden voyages [kg / n mile]',
    [462.12, 47.49, 40.88, 'Division by zero!', 'Division by zero!', 'Division by zero!'],
  ],
  ['Fuel consumption per transport work (mass) on laden voyages [g / m tonnes · n miles]', ['N/A', 'N/A', 12.74, 'N/A', 0.19, 'N/A']],
  ['Fuel consumption per transport work (volume) on laden voyages [g / m³ · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Fuel consumption per transport work (dwt) on laden voyages [g / dwt carried · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 1.82, 'N/A']],
  ['Fuel consumption per transport work (pax) on laden voyages [g / pax · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Fuel consumption per transport work (freight) on laden voyages [g / m tonnes · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  [
    'CO₂ emissions per distance on laden voyages [kg CO₂ / n mile]',
    [1327, 150.09, 127.92, 'Division by zero!', 'Division by zero!', 'Division by zero!'],
  ],
  ['CO₂ emissions per transport work (mass) on laden voyages [g CO₂ / m tonnes · n miles]', ['N/A', 'N/A', 36.57, 'N/A', 0.58, 'N/A']],
  ['CO₂ emissions per transport work (volume) on laden voyages [g CO₂ / m³ · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['CO₂ emissions per transport work (dwt) on laden voyages [g CO₂ / dwt carried · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 5.68, 'N/A']],
  ['CO₂ emissions per transport work (pax) on laden voyages [g CO₂ / pax · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['CO₂ emissions per transport work (freight) on laden voyages [g CO₂ / m tonnes · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  [
    'Additional information to facilitate the understanding of the reported average operational energy efficiency indicators',
    [
      'M/v Nacc Milburn since 16 April 2018, date of takeover under our manag…',
      'Vessel operates inside EU waters only.  ZIRCON trading as bunker ship…',
    ],
  ],
  ['Average density of the cargo transported [m tonnes / m³]', [0.88, 0.87]],
];

const LAYOUT_2020_2021: Layout = [
  ['IMO Number', ['6703343', '7037806', '7633155', '8020642', '8315554', '8512152']],
  ['Name', ['EQUALITY', 'IONIAN STAR', 'ECKERO', "MOBY ZAZA'", 'IMPALA', 'AL ANDALUS EXPRESS']],
  ['Ship type', ['Other ship types', 'Ro-pax ship', 'Ro-pax ship', 'Ro-pax ship', 'Bulk carrier', 'Ro-pax ship']],
  ['Reporting Period', [2021, 2021, 2021, 2021, 2021, 2021]],
  [
    'Technical efficiency',
    [
      'EIV (57.84 gCO₂/t·nm)',
      'EIV (19.4 gCO₂/t·nm)',
      'EIV (42.43 gCO₂/t·nm)',
      'EIV (7.76 gCO₂/t·nm)',
      'EIV (8.8 gCO₂/t·nm)',
      'EIV (36.93 gCO₂/t·nm)',
    ],
  ],
  ['Port of Registry', ['Beirut', 'PANAMA', 'Grisslehamn', 'Livorno', 'Nassau', 'LIMASSOL']],
  ['Home Port', ['PANAMA', 'Piraeus', 'Grisslehamn', 'LAS PALMAS', 'Valetta', 'Palermo']],
  ['Ice Class', ['IB', 'IA', 'IB', 'IB', 'PC4', 'PC1']],
  ['DoC issue date', ['01/06/2022', '29/04/2022', '30/04/2022', '24/05/2022', '22/04/2022', '20/04/2022']],
  ['DoC expiry date', ['30/06/2023', '30/06/2023', '30/06/2023', '30/06/2023', '30/06/2023', '30/06/2023']],
  ['Verifier Number', ['581', '581', '581', 'PL-VG-0013', '1083-2', '581']],
  [
    'Verifier Name',
    ['Dromon Bureau of Shipping', 'NORMEC VERIFAVIA SAS', 'NORMEC VERIFAVIA SAS', 'RINA Services Spa', 'DNV', 'RINA Services Spa'],
  ],
  [
    'Verifier NAB',
    ['Hellenic Accreditation System', 'COFRAC', 'COFRAC', 'ACCREDIA', 'German national accreditation body (DAkkS)', 'ACCREDIA'],
  ],
  [
    'Verifier Address',
    [
      '2-4 Iakovou Dragatsi street, 18535',
      "Tour Egée, 9-11 Allée De L'arche",
      "Tour Egée, 9-11 Allée De L'arche",
      'Via Corsica 12',
      'Brooktorkai 18',
      'Via Corsica 12',
    ],
  ],
  ['Verifier City', ['Piraeus', 'Courbevoie', 'Courbevoie', 'Genova', '20457 Hamburg', 'Genova']],
  ['Verifier Accreditation number', ['1128', '3-2127', '3-2127', '002O', 'VS-16026-01', '002O']],
  ['Verifier Country', ['Greece', 'France', 'France', 'Italy', 'Germany', 'Italy']],
  ['A', ['Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes']],
  ['B', ['Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes']],
  ['C', ['Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes']],
  ['D', ['Yes', 'Yes']],
  ['D', []],
  ['Total fuel consumption [m tonnes]', [373.5, 1902, 4098.03, 3103.72, 1722.78, 3520.52]],
  ['Fuel consumptions assigned to On laden [m tonnes]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Total CO₂ emissions [m tonnes]', [1184.62, 6097.81, 13138.3, 9907.29, 5506.49, 10985.45]],
  ['CO₂ emissions from all voyages between ports under a MS jurisdiction [m tonnes]', [0, 5440.71, 11017.97, 7371.79, 2744.05, 9588.9]],
  ['CO₂ emissions from all voyages which departed from ports under a MS jurisdiction [m tonnes]', [889, 0, 0, 0, 692.56, 0]],
  ['CO₂ emissions from all voyages to ports under a MS jurisdiction [m tonnes]', [247, 0, 0, 0, 610.2, 0]],
  [
    'CO₂ emissions which occurred within ports under a MS jurisdiction at berth [m tonnes]',
    [48, 657.23, 2120.33, 2535.5, 1459.69, 1396.51],
  ],
  ['CO₂ emissions assigned to Passenger transport [m tonnes]', ['N/A', 3264.35, 6989.57, 8005.07, 'N/A', 191.25]],
  ['CO₂ emissions assigned to Freight transport [m tonnes]', ['N/A', 2176.23, 6148.72, 1902.22, 'N/A', 10794.19]],
  ['CO₂ emissions assigned to On laden [m tonnes]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Annual Time spent at sea [hours]', [594, 1771, 3574.52, 1130.9, 4812.32, 1584.74]],
  ['Annual average Fuel consumption per distance [kg / n mile]', [70.25, 82.04, 92.83, 199.52, 51.49, 142.86]],
  ['Annual average Fuel consumption per transport work (mass) [g / m tonnes · n miles]', [66.44, 'N/A', 'N/A', 'N/A', 10, 'N/A']],
  ['Annual average Fuel consumption per transport work (volume) [g / m³ · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Annual average Fuel consumption per transport work (dwt) [g / dwt carried · n miles]', [34.46, 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Annual average Fuel consumption per transport work (pax) [g / pax · n miles]', ['N/A', 2284.71, 187.02, 268.4, 'N/A', 105.12]],
  ['Annual average Fuel consumption per transport work (freight) [g / m tonnes · n miles]', ['N/A', 69.92, 337, 24.34, 'N/A', 188.51]],
  ['Annual average CO₂ emissions per distance [kg CO₂ / n mile]', [222.8, 263.01, 297.6, 636.88, 164.58, 445.78]],
  ['Annual average CO₂ emissions per transport work (mass) [g CO₂ / m tonnes · n miles]', [210.74, 'N/A', 'N/A', 'N/A', 31.97, 'N/A']],
  ['Annual average CO₂ emissions per transport work (volume) [g CO₂ / m³ · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Annual average CO₂ emissions per transport work (dwt) [g CO₂ / dwt carried · n miles]', [109.29, 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Annual average CO₂ emissions per transport work (pax) [g CO₂ / pax · n miles]', ['N/A', 7324.78, 599.6, 856.74, 'N/A', 328.19]],
  ['Annual average CO₂ emissions per transport work (freight) [g CO₂ / m tonnes · n miles]', ['N/A', 224.16, 1080.41, 77.7, 'N/A', 588.23]],
  ['Through ice [n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Time spent at sea [hours]', [594, 1771, 3574.52, 1130.9, 4812.32, 1584.74]],
  ['Total time spent at sea through ice [hours]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Fuel consumption per distance on laden voyages [kg / n mile]', [105.69, 58.79, 115.37, 719207, 246.08, 113.4]],
  ['Fuel consumption per transport work (mass) on laden voyages [g / m tonnes · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Fuel consumption per transport work (volume) on laden voyages [g / m³ · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Fuel consumption per transport work (dwt) on laden voyages [g / dwt carried · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Fuel consumption per transport work (pax) on laden voyages [g / pax · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['Fuel consumption per transport work (freight) on laden voyages [g / m tonnes · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['CO₂ emissions per distance on laden voyages [kg CO₂ / n mile]', [333.57, 183.62, 359.34, 2305777.64, 775.83, 353.19]],
  ['CO₂ emissions per transport work (mass) on laden voyages [g CO₂ / m tonnes · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['CO₂ emissions per transport work (volume) on laden voyages [g CO₂ / m³ · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['CO₂ emissions per transport work (dwt) on laden voyages [g CO₂ / dwt carried · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['CO₂ emissions per transport work (pax) on laden voyages [g CO₂ / pax · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  ['CO₂ emissions per transport work (freight) on laden voyages [g CO₂ / m tonnes · n miles]', ['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']],
  [
    'Additional information to facilitate the understanding of the reported average operational energy efficiency indicators',
    [
      'CO2 emissions calculations based on fuel consumption and relevant para…',
      'CO2 emissions calculations based on fuel consumption and relevant para…',
    ],
  ],
  ['Average density of the cargo transported [m tonnes / m³]', []],
];

const toFile = (name: string, layout: Layout): LabelledFile => ({
  name,
  category: 'vessel_fuel_consumption',
  columns: layout.map(([header, values]) => ({ header, expected: EXPECTED[header] ?? null, values })),
});

export const EU_MRV_FILES: readonly LabelledFile[] = [
  toFile('EU MRV publication 2018 (also 2019)', LAYOUT_2018_2019),
  toFile('EU MRV publication 2021 (also 2020)', LAYOUT_2020_2021),
];
