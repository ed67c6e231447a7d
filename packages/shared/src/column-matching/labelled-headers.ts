import { EU_MRV_FILES } from './labelled-eu-mrv.ts';
import { BUSINESS_FILES } from './labelled-business.ts';
import { FINAL_CHECK_FILES } from './labelled-final-check.ts';
import { HELD_OUT_FILES } from './labelled-held-out.ts';
import { LOGISTICS_FILES } from './labelled-logistics.ts';
import {
  c,
  cycle,
  dottedDates,
  imoNumbers,
  integers,
  isoDates,
  type LabelledFile,
  LOCODES,
  numbers,
  PEOPLE,
  references,
  VESSEL_NAMES,
} from './labelled-values.ts';

export type { LabelledColumn, LabelledFile } from './labelled-values.ts';

/**
 * Header spellings as they turn up in real sheets, each with the field it should map to (null where no field
 * of the category applies) and a few realistic values. Grouped into files as they would arrive, so the
 * one-field-per-column rule is part of what is measured. Most spellings are deliberately not catalogue
 * synonyms: abbreviations, typos, word orders, units, and Norwegian, Danish and German headers.
 */
const VESSEL_FILES: LabelledFile[] = [
  {
    name: 'Noon report summary per voyage (EN)',
    category: 'vessel_fuel_consumption',
    columns: [
      c('Vessel Name', 'vessel_name', cycle(...VESSEL_NAMES)),
      c('IMO No.', 'imo_number', imoNumbers('noon imo')),
      c('Voyage No.', 'voyage_id', references('V24-')),
      c('Dep. Port', 'departure_port', cycle(...LOCODES)),
      c('Arr. Port', 'arrival_port', cycle(...LOCODES.slice(3), ...LOCODES.slice(0, 3))),
      c('Departure (UTC)', 'period_start', isoDates('2024-01-03', 6, { time: true })),
      c('Arrival (UTC)', 'period_end', isoDates('2024-01-08', 6, { time: true })),
      c('Distance Sailed (NM)', 'distance', numbers('noon dist', 300, 2400, { decimals: 0 })),
      c('Steaming Time (hrs)', 'hours_at_sea', numbers('noon hrs', 20, 160, { decimals: 1 })),
      c('Total Fuel Cons. (MT)', 'fuel_mass', numbers('noon fuel', 20, 260)),
      c('Fuel Grade Used', 'fuel_type', cycle('HSFO', 'MGO', 'IFO 380', 'HSFO')),
      c('Cargo Qty (MT)', 'cargo_mass', numbers('noon cargo', 12000, 48000, { decimals: 0 })),
      c('L/B', 'load_condition', cycle('L', 'L', 'B', 'L')),
      c('ROB HFO (MT)', null, numbers('noon rob', 200, 1400)),
      c('Bunkered Qty (MT)', null, cycle(0, 0, 850.5, 0, 0, 1200)),
      c('Avg Speed (kn)', null, numbers('noon speed', 10, 15, { decimals: 1 })),
      c('Master', null, cycle(...PEOPLE)),
      c('Remarks', null, cycle('Heavy weather', null, 'Waiting at anchorage', null)),
    ],
  },
  {
    name: 'Reiserapport (NO)',
    category: 'vessel_fuel_consumption',
    columns: [
      c('Navn på skip', 'vessel_name', cycle(...VESSEL_NAMES)),
      c('IMO-nr.', 'imo_number', imoNumbers('no imo')),
      c('Reisenr.', 'voyage_id', references('R', 101)),
      c('Avgang', 'period_start', dottedDates('2024-02-01', 9)),
      c('Ankomst', 'period_end', dottedDates('2024-02-04', 9)),
      c('Fra havn', 'departure_port', cycle('NOOSL', 'NOBGO', 'NOSVG', 'NOTRD')),
      c('Til havn', 'arrival_port', cycle('DEHAM', 'NLRTM', 'NOBGO', 'DKAAR')),
      c('Drivstoff type', 'fuel_type', cycle('MGO', 'LNG', 'MGO', 'HFO')),
      c('Forbruk (tonn)', 'fuel_mass', numbers('no fuel', 8, 90, { comma: true })),
      c('Distanse (nm)', 'distance', numbers('no dist', 120, 900, { decimals: 0 })),
      c('Seilingstid (timer)', 'hours_at_sea', numbers('no hrs', 10, 70, { decimals: 1, comma: true })),
      c('Last (tonn)', 'cargo_mass', numbers('no cargo', 800, 5200, { decimals: 0 })),
      c('Lastet/Ballast', 'load_condition', cycle('Lastet', 'Ballast', 'Lastet')),
      c('Kommentar', null, cycle('Tåke', null, 'Ventet på los', null)),
      c('Kaptein', null, cycle(...PEOPLE)),
    ],
  },
  {
    name: 'Rejserapport (DA)',
    category: 'vessel_fuel_consumption',
    columns: [
      c('Skibets navn', 'vessel_name', cycle(...VESSEL_NAMES)),
      c('IMO nummer', 'imo_number', imoNumbers('da imo')),
      c('Rejse nr.', 'voyage_id', references('DK', 40)),
      c('Afsejlingsdato', 'period_start', dottedDates('2024-03-01', 5)),
      c('Ankomst dato', 'period_end', dottedDates('2024-03-03', 5)),
      c('Afsejlingshavn', 'departure_port', cycle('DKAAR', 'DKCPH', 'DKEBJ', 'DKFRC')),
      c('Anløbshavn', 'arrival_port', cycle('NOOSL', 'DEKEL', 'SEGOT', 'DKCPH')),
      c('Brændstof', 'fuel_type', cycle('MGO', 'Marine diesel', 'HFO', 'MGO')),
      c('Forbrugt brændstof [ton]', 'fuel_mass', numbers('da fuel', 5, 70, { comma: true })),
      c('Sejlet distance (sm)', 'distance', numbers('da dist', 60, 640, { decimals: 0 })),
      c('Tid til søs (timer)', 'hours_at_sea', numbers('da hrs', 6, 50, { decimals: 1 })),
      c('Lastmængde (t)', 'cargo_mass', numbers('da cargo', 300, 4000, { decimals: 0 })),
      c('Befragtningsform', 'charter_type', cycle('T/C', 'V/C', 'T/C')),
      c('Bemærkninger', null, cycle(null, 'Isgang', null, 'Lodsventetid')),
    ],
  },
  {
    name: 'Reisebericht (DE)',
    category: 'vessel_fuel_consumption',
    columns: [
      c('Name des Schiffes', 'vessel_name', cycle(...VESSEL_NAMES)),
      c('IMO-Kennung', 'imo_number', imoNumbers('de imo', { prefix: true })),
      c('Reise-Nr.', 'voyage_id', references('2024/', 11, 2)),
      c('Abfahrt', 'period_start', dottedDates('2024-04-02', 8)),
      c('Ankunft', 'period_end', dottedDates('2024-04-06', 8)),
      c('Abgangshafen', 'departure_port', cycle('DEHAM', 'DEBRV', 'DEKEL', 'DEHAM')),
      c('Bestimmungshafen', 'arrival_port', cycle('NLRTM', 'BEANR', 'NOOSL', 'GBFXT')),
      c('Kraftstoffsorte', 'fuel_type', cycle('Schweröl', 'MGO', 'Marinediesel', 'LNG')),
      c('Kraftstoffverbrauch gesamt (t)', 'fuel_mass', numbers('de fuel', 10, 120, { comma: true })),
      c('Distanz (sm)', 'distance', numbers('de dist', 200, 1100, { decimals: 0 })),
      c('Fahrzeit auf See [h]', 'hours_at_sea', numbers('de hrs', 14, 90, { decimals: 1 })),
      c('Ladungsmenge [t]', 'cargo_mass', numbers('de cargo', 2000, 9000, { decimals: 0 })),
      c('CO2-Ausstoß [t]', 'reported_co2', numbers('de co2', 30, 380)),
      c('Bemerkungen', null, cycle(null, 'Schlechtwetter', null)),
    ],
  },
  {
    name: 'IMO DCS annual summary (EN)',
    category: 'vessel_fuel_consumption',
    columns: [
      c('Ship IMO #', 'imo_number', imoNumbers('dcs imo', { asNumber: true })),
      c('Ship Name', 'vessel_name', cycle(...VESSEL_NAMES)),
      c('Ship Type (IMO)', 'ship_type', cycle('Bulk carrier', 'Container ship', 'Oil tanker', 'General cargo ship')),
      c('Reporting Yr', 'reporting_year', cycle(2023, 2023, 2023, 2024)),
      c('Fuel Type', 'fuel_type', cycle('HFO', 'MDO/MGO', 'LNG', 'HFO')),
      c('Fuel Consumption (tonnes)', 'fuel_mass', numbers('dcs fuel', 900, 14000, { decimals: 1 })),
      c('Distance Travelled (nm)', 'distance', numbers('dcs dist', 20000, 90000, { decimals: 0 })),
      c('Hours Underway', 'hours_at_sea', numbers('dcs hrs', 2500, 7800, { decimals: 0 })),
      c('DWT', 'deadweight', integers('dcs dwt', 12000, 180000)),
      c('Flag', null, cycle('Norway', 'Malta', 'Liberia', 'Denmark')),
      c('Gross Tonnage', 'gross_tonnage', integers('dcs gt', 8000, 95000)),
      c('CO2 (t)', 'reported_co2', numbers('dcs co2', 2800, 44000, { decimals: 1 })),
      c('Source of data', 'data_quality', cycle('Measured', 'Measured', 'Modelled')),
    ],
  },
  {
    name: 'Charter fleet fuel log with typos (EN)',
    category: 'vessel_fuel_consumption',
    columns: [
      c('Vesel name', 'vessel_name', cycle(...VESSEL_NAMES)),
      c('IMO numbr', 'imo_number', imoNumbers('typo imo')),
      c('Voyge', 'voyage_id', references('CH', 7)),
      c('Departure dat', 'period_start', isoDates('2023-09-01', 12)),
      c('Arival date', 'period_end', isoDates('2023-09-09', 12)),
      c('Fule type', 'fuel_type', cycle('VLSFO', 'MGO', 'HFO', 'MGO')),
      c('Fuel consumtion (mt)', 'fuel_mass', numbers('typo fuel', 40, 300)),
      c('Distnace sailed', 'distance', numbers('typo dist', 900, 5200, { decimals: 0 })),
      c('Cargo wieght (t)', 'cargo_mass', numbers('typo cargo', 20000, 60000, { decimals: 0 })),
      c('Charter tpye', 'charter_type', cycle('Time charter', 'Voyage charter', 'TC')),
      c('Hours at see', 'hours_at_sea', numbers('typo hrs', 60, 400, { decimals: 1 })),
    ],
  },
  {
    name: 'Container service log (EN)',
    category: 'vessel_fuel_consumption',
    columns: [
      c('Vessel', 'vessel_name', cycle(...VESSEL_NAMES)),
      c('IMO', 'imo_number', imoNumbers('cont imo', { prefix: true })),
      c('Service / Voyage', 'voyage_id', cycle('NEU1-012W', 'NEU1-013E', 'NEU1-014W', 'NEU1-015E')),
      c('Start of period', 'period_start', isoDates('2024-01-01', 31)),
      c('End of period', 'period_end', isoDates('2024-01-31', 31)),
      c('Bunker type', 'fuel_type', cycle('VLSFO', 'LNG', 'MGO', 'Methanol')),
      c('Bunker MT', 'fuel_mass', numbers('cont fuel', 800, 4200, { decimals: 1 })),
      c('Sea miles', 'distance', numbers('cont dist', 4000, 12000, { decimals: 0 })),
      c('Miles laden', 'laden_distance', numbers('cont laden', 3000, 9000, { decimals: 0 })),
      c('TEU on board', 'cargo_teu', integers('cont teu', 2000, 14000)),
      c('Distance calc. method', 'distance_kind', cycle('Actual', 'Actual', 'GCD')),
      c('Reefer plugs', null, integers('cont reefer', 200, 800)),
      c('Port calls', null, integers('cont calls', 4, 14)),
    ],
  },
  {
    name: 'Tanker voyage emissions (EN)',
    category: 'vessel_fuel_consumption',
    columns: [
      c('IMO Ref', 'imo_number', imoNumbers('tank imo')),
      c('Ship', 'vessel_name', cycle('Stena Arctica', 'Torm Helene', 'Nordic Hawk', 'Hafnia Lene')),
      c('Loading port', 'departure_port', cycle('NOMON', 'NLRTM', 'GBFAW', 'NOSTA')),
      c('Disch. Port', 'arrival_port', cycle('DEWVN', 'BEANR', 'NOMON', 'SEGOT')),
      c('Voyage Start', 'period_start', isoDates('2023-11-02', 14)),
      c('Voyage End', 'period_end', isoDates('2023-11-12', 14)),
      c('Fuel (m³)', 'fuel_mass', numbers('tank fuel', 150, 900, { decimals: 1 })),
      c('Cargo Lifted (mt)', 'cargo_mass', numbers('tank cargo', 30000, 110000, { decimals: 0 })),
      c('Charterparty', 'charter_type', cycle('VC', 'VC', 'TC', 'Bareboat')),
      c('CO₂ (tonnes)', 'reported_co2', numbers('tank co2', 450, 2800, { decimals: 1 })),
      c('Data Quality Flag', 'data_quality', cycle('Primary', 'Primary', 'Default')),
      c('Ballast/Laden', 'load_condition', cycle('Laden', 'Ballast', 'Laden')),
      c('Demurrage (USD)', null, numbers('tank dem', 0, 90000, { decimals: 0 })),
      c('Broker', null, cycle('Clarksons', 'SSY', 'Fearnleys')),
    ],
  },
];

/** The first batch, which the matcher and the synonyms were tuned on. */
export const FIRST_BATCH_FILES: readonly LabelledFile[] = [...EU_MRV_FILES, ...VESSEL_FILES, ...LOGISTICS_FILES, ...BUSINESS_FILES];

/** Every labelled file: the first batch (EU MRV publication layouts, sheets of all six categories), the held-out batch and the final check. */
export const LABELLED_FILES: readonly LabelledFile[] = [...FIRST_BATCH_FILES, ...HELD_OUT_FILES, ...FINAL_CHECK_FILES];
