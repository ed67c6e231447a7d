import type { RowCompiler } from './compile-context.ts';
import { fuelBased, intensityKg, notComputed, type RowFacts, wellToWakeOnly } from './results.ts';
import { amountText, datePositions, imoOf, monthOf, numberOf, qualityOf, scope3Placer, textOf } from './row-context.ts';
import type { VesselActivity } from './types.ts';

/** Nautical miles to kilometres (the international nautical mile is 1,852 m exactly). */
export const KM_PER_NM = 1.852;

/**
 * Vessel fuel consumption rows: fuel mass × the fuel's factors; without a fuel mass, transport work × an
 * organisation's intensity for the ship type; each row also feeds its ship's year (vessel-years.ts).
 */
export const compileVesselRow: RowCompiler = (context, category, position) => {
  const at = {
    imo: position('imo_number'),
    name: position('vessel_name'),
    shipType: position('ship_type'),
    year: position('reporting_year'),
    start: position('period_start'),
    end: position('period_end'),
    voyage: position('voyage_id'),
    fuel: position('fuel_type'),
    mass: position('fuel_mass'),
    distance: position('distance'),
    laden: position('laden_distance'),
    hours: position('hours_at_sea'),
    cargo: position('cargo_mass'),
    load: position('load_condition'),
    charter: position('charter_type'),
    departure: position('departure_port'),
    arrival: position('arrival_port'),
    quality: position('data_quality'),
    deadweight: position('deadweight'),
    grossTonnage: position('gross_tonnage'),
  };
  const dates = datePositions(category, position);
  const place = scope3Placer('vessel_fuel_consumption', context.options.consolidationApproach);
  const facts: RowFacts = {
    place: place(undefined),
    month: null,
    vesselImo: null,
    vesselName: null,
    route: null,
    activityAmount: 0,
    vessel: null,
  };
  return (values, entryDate, supplier) => {
    const day = entryDate ?? context.undatedAt;
    const imo = imoOf(values[at.imo]);
    const fuel = textOf(values[at.fuel]);
    const fuelT = numberOf(values[at.mass]);
    const distance = numberOf(values[at.distance]);
    const laden = numberOf(values[at.laden]);
    const cargo = numberOf(values[at.cargo]);
    const sailed = laden ?? distance;
    const work = cargo === null || sailed === null ? null : values[at.load] === 'ballast' ? 0 : cargo * sailed;
    const departure = textOf(values[at.departure]);
    const arrival = textOf(values[at.arrival]);
    const terms = fuel === null ? null : context.termsFor(fuel, day, supplier);
    facts.place = place(values[at.charter]);
    facts.month = monthOf(values, dates);
    facts.vesselImo = imo;
    facts.vesselName = textOf(values[at.name]);
    facts.route = departure !== null && arrival !== null ? `${departure}→${arrival}` : null;
    facts.activityAmount = work ?? 0;
    const yearValue = numberOf(values[at.year]);
    const year = entryDate !== null ? Number(entryDate.slice(0, 4)) : yearValue;
    facts.vessel = null;
    if (imo !== null && year !== null) {
      const vessel: VesselActivity = {
        imo,
        year,
        fuel,
        fuelT: fuelT ?? 0,
        distanceNm: distance,
        cargoT: cargo,
        transportWorkTnm: work,
        hoursAtSea: numberOf(values[at.hours]),
        deadweight: numberOf(values[at.deadweight]),
        grossTonnage: numberOf(values[at.grossTonnage]),
        shipType: textOf(values[at.shipType]),
        voyageKey: voyageKeyOf(textOf(values[at.voyage]), textOf(values[at.start]), textOf(values[at.end]), year),
      };
      facts.vessel = vessel;
    }
    if (terms !== null && fuelT !== null && terms.co2KgPerT !== null) {
      return fuelBased(facts, terms, fuelT, qualityOf('primary', values[at.quality]));
    }
    const fuelReason = fuel === null ? 'No fuel type' : fuelT === null ? 'No fuel mass' : (terms?.reason ?? 'No fuel factors');
    const shipType = textOf(values[at.shipType]);
    if (work !== null && work > 0) {
      const found = context.activityFactor('glec_intensity', shipType, 'sea', day, supplier);
      if (found !== null && found.factor.unit === 'gCO2e/t·km') {
        const tkm = work * KM_PER_NM;
        const text = `${amountText(tkm)} t·km`;
        return wellToWakeOnly(
          facts,
          'distance_based',
          qualityOf('modelled', values[at.quality]),
          intensityKg(found.factor, tkm),
          found.factorSet,
          text,
          `${fuelReason}; ${text} × ${found.text}; the intensity is well-to-wake, no tank-to-wake split`,
        );
      }
    }
    const what = shipType === null ? "mode 'sea'" : `ship type '${shipType}' or mode 'sea'`;
    const activity =
      work === null || work === 0
        ? 'and no cargo and distance for transport work'
        : `and no distance-based factor for ${what}; add a factor under Emissions → Factors`;
    return notComputed(facts, `${fuelReason}, ${activity}`);
  };
};

/** Rows of one voyage, or one period, share a key so their distance and cargo count once in the ship's year. */
const voyageKeyOf = (voyage: string | null, start: string | null, end: string | null, year: number): string => {
  if (voyage !== null) return `v:${voyage}`;
  if (start !== null || end !== null) return `p:${start ?? ''}..${end ?? ''}`;
  return `y:${year}`;
};
