import { isCatalogueCategory } from '../../field-catalogue/index.ts';
import { GWP_VALUES } from '../factors/gwp.ts';
import { EMISSION_FACTORS } from '../factors/library.ts';
import type { ActivityFactor, CalculationContext, RowCompiler } from './compile-context.ts';
import { createFactorResolver } from './factor-resolver.ts';
import { type FuelTerms, fuelTerms } from './fuel-factors.ts';
import { fuelBased, intensityKg, notComputed, type RowFacts, wellToWakeOnly } from './results.ts';
import { amountText, datePositions, monthOf, numberOf, qualityOf, scope3Placer, textOf } from './row-context.ts';
import type { Calculator, CalculatorOptions, EntryCalculation } from './types.ts';
import { compileVesselRow } from './vessel-row.ts';

/** Energy carriers of transport legs and hubs that are a marine fuel of the factor library; road fuels are not. */
const CARRIER_FUELS: Readonly<Record<string, string>> = {
  hfo: 'HFO',
  mdo_mgo: 'MDO_MGO',
  lng: 'LNG',
  methanol: 'METHANOL',
  ammonia: 'AMMONIA',
  hydrogen: 'HYDROGEN',
};

const emptyFacts = (): RowFacts => ({
  place: { scope3: 'none', ruleId: '', note: null, wtt: null, keptWholeNote: null },
  month: null,
  vesselImo: null,
  vesselName: null,
  route: null,
  activityAmount: 0,
  vessel: null,
});

const addFactorHint = 'add a factor under Emissions → Factors';

/** Transport legs and port operations: fuel-based when the fuel is a library fuel and its mass is given, else activity × intensity. */
const compileTransportRow: RowCompiler = (context, category, position) => {
  const isHub = category === 'port_operations';
  const at = {
    carrier: position('energy_carrier'),
    fuel: position('fuel_consumption'),
    cargo: position(isHub ? 'throughput_mass' : 'cargo_mass'),
    distance: position('distance'),
    mode: position('mode'),
    vehicle: position('vehicle_type'),
    hubType: position('hub_type'),
    hubActivity: position('activity'),
    origin: position(isHub ? 'hub_locode' : 'origin'),
    destination: position('destination'),
    quality: position('data_quality'),
    charter: position('charter_type'),
  };
  const dates = datePositions(category, position);
  const place = scope3Placer(category as 'transport_legs', context.options.consolidationApproach);
  const facts = emptyFacts();
  return (values, entryDate, supplier) => {
    const day = entryDate ?? context.undatedAt;
    const cargo = numberOf(values[at.cargo]);
    const distance = isHub ? 1 : numberOf(values[at.distance]);
    const amount = cargo !== null && distance !== null ? cargo * distance : null;
    const origin = textOf(values[at.origin]);
    const destination = textOf(values[at.destination]);
    facts.place = place(undefined);
    facts.month = monthOf(values, dates);
    facts.route = !isHub && origin !== null && destination !== null ? `${origin}→${destination}` : null;
    facts.activityAmount = amount ?? 0;
    const carrier = textOf(values[at.carrier]);
    const fuelT = numberOf(values[at.fuel]);
    const fuel = carrier === null ? undefined : CARRIER_FUELS[carrier];
    let fuelReason: string | null = null;
    if (fuel !== undefined && fuelT !== null) {
      const terms = context.termsFor(fuel, day, supplier);
      if (terms.co2KgPerT !== null) return fuelBased(facts, terms, fuelT, qualityOf('primary', values[at.quality]));
      fuelReason = terms.reason;
    }
    const first = textOf(values[isHub ? at.hubType : at.vehicle]);
    const second = textOf(values[isHub ? at.hubActivity : at.mode]);
    if (amount !== null) {
      const found = context.activityFactor('glec_intensity', first, second, day, supplier);
      const unit = isHub ? 'gCO2e/t' : 'gCO2e/t·km';
      if (found !== null && found.factor.unit === unit) {
        const text = isHub ? `${amountText(amount)} t handled` : `${amountText(amount)} t·km`;
        return wellToWakeOnly(
          facts,
          'distance_based',
          qualityOf('modelled', values[at.quality]),
          intensityKg(found.factor, amount),
          found.factorSet,
          text,
          joinReason(fuelReason, `${text} × ${found.text}; the intensity is well-to-wake, no tank-to-wake split`),
        );
      }
    }
    const names = isHub ? (['hub type', 'hub activity'] as const) : (['vehicle type', 'mode'] as const);
    const named = [first === null ? null : `${names[0]} '${first}'`, second === null ? null : `${names[1]} '${second}'`].filter(
      (text): text is string => text !== null,
    );
    const what = named.length > 0 ? named.join(' or ') : isHub ? 'this hub' : 'this leg';
    const missing =
      amount === null
        ? isHub
          ? 'No fuel mass and no throughput mass'
          : 'No fuel mass, and no mass and distance for t·km'
        : `No fuel mass and no ${isHub ? 'hub' : 'distance-based'} factor for ${what}; ${addFactorHint}`;
    return notComputed(facts, joinReason(fuelReason, missing));
  };
};

const joinReason = (first: string | null, second: string): string => (first === null ? second : `${first}; ${second}`);

/** Units of transport work a purchased footprint may be declared in: PACT's `ton kilometer` and the usual spellings. */
const TRANSPORT_WORK_UNITS = new Set([
  'ton kilometer',
  'tonne kilometer',
  'tonne kilometre',
  'ton km',
  'tonne km',
  't km',
  'tkm',
  't·km',
  'tonne-km',
  't-km',
]);

const isTransportWorkUnit = (unit: string | null): boolean =>
  unit !== null &&
  TRANSPORT_WORK_UNITS.has(
    unit
      .trim()
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/-kilomet(er|re)$/, ' kilometer'),
  );

/** Purchases: the supplier's own footprint × quantity when given, else EUR spend × a spend factor of the purchase category. */
const compilePurchaseRow: RowCompiler = (context, category, position) => {
  const at = {
    footprint: position('product_footprint'),
    quantity: position('quantity'),
    unit: position('unit'),
    spend: position('spend'),
    currency: position('currency'),
    category: position('category'),
  };
  const dates = datePositions(category, position);
  const place = scope3Placer('purchased_goods_services', context.options.consolidationApproach);
  // A footprint per tonne-kilometre (a carrier's PACT transport service) is a transport service bought: category 4 by
  // the transport rule, as a transport leg the organisation pays for, not category 1.
  const placeTransport = scope3Placer('transport_legs', context.options.consolidationApproach);
  const facts = emptyFacts();
  return (values, entryDate, supplier) => {
    const day = entryDate ?? context.undatedAt;
    const footprint = numberOf(values[at.footprint]);
    facts.place = footprint !== null && isTransportWorkUnit(textOf(values[at.unit])) ? placeTransport(undefined) : place(undefined);
    facts.month = monthOf(values, dates);
    facts.route = null;
    const quantity = numberOf(values[at.quantity]);
    const spend = numberOf(values[at.spend]);
    const currency = textOf(values[at.currency]);
    const isEur = currency !== null && currency.toUpperCase() === 'EUR';
    facts.activityAmount = spend !== null && isEur ? spend : 0;
    if (footprint !== null && quantity !== null) {
      const unit = textOf(values[at.unit]) ?? 'units';
      const text = `${amountText(quantity)} ${unit} × ${amountText(footprint)} kg CO2e`;
      return wellToWakeOnly(facts, 'supplier_reported', 'primary', footprint * quantity, -1, text, "The supplier's own product footprint");
    }
    const footprintNote = footprint !== null ? 'A product footprint without a quantity cannot be used' : null;
    if (spend === null) return notComputed(facts, joinReason(footprintNote, 'No product footprint with a quantity and no spend'));
    if (currency === null) return notComputed(facts, joinReason(footprintNote, 'Spend without a currency'));
    if (!isEur)
      return notComputed(
        facts,
        joinReason(footprintNote, `Spend in ${currency}: spend-based factors are per EUR and no exchange rate is applied`),
      );
    const purchaseCategory = textOf(values[at.category]);
    if (purchaseCategory === null)
      return notComputed(facts, joinReason(footprintNote, 'No purchase category to choose a spend-based factor by'));
    const found = context.activityFactor('spend', purchaseCategory, null, day, supplier);
    if (found === null) {
      return notComputed(facts, joinReason(footprintNote, `No spend-based factor for category '${purchaseCategory}'; ${addFactorHint}`));
    }
    const text = `${amountText(spend)} EUR`;
    return wellToWakeOnly(
      facts,
      'spend_based',
      'default',
      spend * found.value,
      found.factorSet,
      text,
      joinReason(footprintNote, `${text} × ${found.text}`),
    );
  };
};

/** Categories with no method yet, or no activity at all: not computed, with the reason. */
const compileNotComputedRow =
  (reason: string): RowCompiler =>
  (context, category, position) => {
    const dates = datePositions(category, position);
    const place = scope3Placer(isCatalogueCategory(category) ? category : null, context.options.consolidationApproach);
    const facts = emptyFacts();
    return (values) => {
      facts.place = place(undefined);
      facts.month = monthOf(values, dates);
      return notComputed(facts, reason);
    };
  };

const COMPILERS: Readonly<Record<string, RowCompiler>> = {
  vessel_fuel_consumption: compileVesselRow,
  transport_legs: compileTransportRow,
  port_operations: compileTransportRow,
  purchased_goods_services: compilePurchaseRow,
  site_energy: compileNotComputedRow('Site energy in kWh needs an electricity or heat factor, a kind the factor library does not have yet'),
  supplier_list: compileNotComputedRow('A supplier list holds no activity data'),
};

/**
 * The per-entry emissions calculator a run uses: the organisation's GWP set, consolidation approach and own
 * factors over the built-in library. Everything that depends only on the file (field positions, the Scope 3 rule)
 * is prepared by `forFile`; factor look-ups are cached per fuel, day and supplier, so a million entries cost a
 * million small results and little else. See docs/emissions-calculation.md.
 */
export const createCalculator = (options: CalculatorOptions): Calculator => {
  const resolver = createFactorResolver(options.library ?? EMISSION_FACTORS, options.organizationFactors);
  const gwpValues = options.gwpValues ?? GWP_VALUES;
  // supplier → day → fuel → terms: nested maps, so a look-up builds no key string.
  const cache = new Map<string, Map<string, Map<string, FuelTerms>>>();
  const last: { fuel: string; day: string; supplier: string | null; terms: FuelTerms | null } = {
    fuel: '',
    day: '',
    supplier: null,
    terms: null,
  };
  const context: CalculationContext = {
    resolver,
    options,
    undatedAt: options.undatedAt ?? new Date().toISOString().slice(0, 10),
    activityFactor: () => null,
    termsFor: (fuel, day, supplier) => {
      // Consecutive entries mostly share fuel, day and supplier: answer those without a look-up.
      if (last.terms !== null && last.fuel === fuel && last.day === day && last.supplier === supplier) return last.terms;
      const supplierKey = supplier ?? '';
      let byDay = cache.get(supplierKey);
      if (!byDay) {
        byDay = new Map();
        cache.set(supplierKey, byDay);
      }
      let byFuel = byDay.get(day);
      if (!byFuel) {
        byFuel = new Map();
        byDay.set(day, byFuel);
      }
      let terms = byFuel.get(fuel);
      if (!terms) {
        terms = fuelTerms(resolver, fuel, day, supplier, options.gwpSet, gwpValues);
        byFuel.set(fuel, terms);
      }
      last.fuel = fuel;
      last.day = day;
      last.supplier = supplier;
      last.terms = terms;
      return terms;
    },
  };
  // kind → first activity → second activity → day → supplier: each look-up (label normalising included) made once.
  const activities = new Map<string, ActivityFactor | null>();
  context.activityFactor = (kind, first, second, day, supplier) => {
    const key = `${kind}\u0000${first ?? ''}\u0000${second ?? ''}\u0000${day}\u0000${supplier ?? ''}`;
    const known = activities.get(key);
    if (known !== undefined) return known;
    const names = [first, second].filter((name): name is string => name !== null);
    const factor = names.length === 0 ? undefined : resolver.activityFactor(kind, names, day, supplier);
    const found: ActivityFactor | null = factor
      ? {
          factor,
          value: Number(factor.value),
          factorSet: resolver.setIndex([factor]),
          text: `${factor.value} ${factor.unit} (${factor.id})`,
        }
      : null;
    activities.set(key, found);
    return found;
  };
  return {
    forFile: (fileCategory, entryFields): EntryCalculation => {
      const positions = new Map(entryFields.map((key, index) => [key, index]));
      const position = (key: string) => positions.get(key) ?? -1;
      const compile =
        COMPILERS[fileCategory] ?? compileNotComputedRow('The file has no category, so the platform cannot read an activity in it');
      return compile(context, fileCategory, position);
    },
    factorSets: () => resolver.sets(),
  };
};
