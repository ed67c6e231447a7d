import type { CategoryAnalysis, FileCategory } from './types.ts';

// Header-keyword heuristic until the field catalogue arrives and replaces this file. Each keyword counts once per
// file, with its weight; patterns run on lower-cased headers with subscript digits made plain (CO₂ -> co2).

type Keyword = { pattern: RegExp; weight: number };
type ScoredCategory = Exclude<FileCategory, 'unknown'>;

const KEYWORDS: Record<ScoredCategory, Keyword[]> = {
  vessel_fuel_consumption: [
    { pattern: /\bimo\b/, weight: 4 },
    { pattern: /\b(vessel|ship)\b/, weight: 2 },
    { pattern: /\bfuel (type|grade)\b|\b(hfo|mgo|mdo|vlsfo|lng)\b/, weight: 3 },
    { pattern: /\bfuel\b.*\b(consumption|consumed|mass|tonnes|quantity)\b|\bbunker/, weight: 4 },
    { pattern: /\b(distance|nautical mile|n mile|nm)\b/, weight: 1 },
    { pattern: /\b(co2|emissions?)\b/, weight: 1 },
    { pattern: /\b(time|hours) (at|spent at) sea\b/, weight: 2 },
    { pattern: /\bvoyage\b/, weight: 1 },
  ],
  transport_legs: [
    { pattern: /\b(origin|pol|port of loading|from)\b/, weight: 2 },
    { pattern: /\b(destination|pod|port of discharge|to)\b/, weight: 2 },
    { pattern: /\b(transport|freight) mode\b|\bmode\b/, weight: 2 },
    { pattern: /\b(tonne|ton|t)[- ]?km\b|\btkm\b/, weight: 4 },
    { pattern: /\b(shipment|consignment|booking|container|teu|bill of lading)\b/, weight: 2 },
    { pattern: /\bleg\b/, weight: 2 },
    { pattern: /\b(cargo weight|gross weight|weight)\b/, weight: 1 },
    { pattern: /\b(distance|km)\b/, weight: 1 },
    { pattern: /\bcarrier\b/, weight: 1 },
  ],
  port_operations: [
    { pattern: /\bport\b/, weight: 1 },
    { pattern: /\b(terminal|berth|quay)\b/, weight: 3 },
    { pattern: /\b(hub|warehouse|depot|yard)\b/, weight: 2 },
    { pattern: /\b(crane|cargo handling|throughput|moves|handling)\b/, weight: 3 },
    { pattern: /\bport call|\bcalls?\b/, weight: 2 },
    { pattern: /\b(equipment|reach stacker|forklift|straddle)\b/, weight: 2 },
  ],
  purchased_goods_services: [
    { pattern: /\b(product|item|material|goods|service|commodity)\b/, weight: 2 },
    { pattern: /\b(quantity|qty)\b/, weight: 1 },
    { pattern: /\b(unit price|price|spend|cost|amount|invoice)\b/, weight: 3 },
    { pattern: /\bcurrency\b/, weight: 2 },
    { pattern: /\b(purchase order|po number|po)\b/, weight: 3 },
    { pattern: /\b(hs code|cpv|nace|unspsc|sku)\b/, weight: 3 },
  ],
  site_energy: [
    { pattern: /\b(site|facility|building|office|plant)\b/, weight: 2 },
    { pattern: /\b(electricity|kwh|mwh|gwh|energy)\b/, weight: 3 },
    { pattern: /\b(shore power|onshore power|cold ironing|shore connection)\b/, weight: 4 },
    { pattern: /\bmeter\b/, weight: 2 },
    { pattern: /\b(natural gas|heating|district heat|generator)\b/, weight: 1 },
    { pattern: /\b(renewable|grid|guarantee of origin)\b/, weight: 1 },
  ],
  supplier_list: [
    { pattern: /\b(supplier|vendor|company|organi[sz]ation) name\b|\b(supplier|vendor)\b/, weight: 3 },
    { pattern: /\b(e-?mail|contact|phone)\b/, weight: 2 },
    { pattern: /\b(country|address|city|postcode|zip)\b/, weight: 1 },
    { pattern: /\b(vat|registration number|org(anisation|anization)? (number|no)|duns|lei)\b/, weight: 3 },
    { pattern: /\bwebsite\b/, weight: 1 },
  ],
};

const LABELS: Record<FileCategory, string> = {
  vessel_fuel_consumption: 'vessel fuel consumption',
  transport_legs: 'transport legs',
  port_operations: 'port and hub operations',
  purchased_goods_services: 'purchased goods and services',
  site_energy: 'energy at sites and shore power',
  supplier_list: 'a supplier list',
  unknown: 'no known category',
};

/** Below this score the file is 'unknown'. */
const MIN_SCORE = 4;
const SUBSCRIPTS = /[₀₁₂₃₄₅₆₇₈₉]/g;

const normalizeHeader = (header: string): string =>
  header
    .replace(SUBSCRIPTS, (digit) => String(digit.charCodeAt(0) - 0x2080))
    .toLowerCase()
    .replace(/[_/]/g, ' ');

type Score = { category: ScoredCategory; score: number; matched: string[] };

const scoreCategory = (category: ScoredCategory, headers: readonly string[]): Score => {
  let score = 0;
  const matched = new Set<string>();
  for (const { pattern, weight } of KEYWORDS[category]) {
    const hit = headers.findIndex((header) => pattern.test(normalizeHeader(header)));
    if (hit === -1) continue;
    score += weight;
    matched.add(headers[hit] as string);
  }
  return { category, score, matched: [...matched] };
};

const listNames = (names: string[]): string => {
  const shown = names.slice(0, 5).map((name) => `"${name}"`);
  return names.length > 5 ? `${shown.join(', ')} and ${names.length - 5} more` : shown.join(', ');
};

/**
 * Suggests a file category from the column headers so the supplier confirms rather than chooses. Confidence grows
 * with the keyword score and with the lead over the runner-up; it is a heuristic, not a probability.
 */
export const analyzeCategory = (headers: readonly string[], now: Date = new Date()): CategoryAnalysis => {
  const scores = (Object.keys(KEYWORDS) as ScoredCategory[])
    .map((category) => scoreCategory(category, headers))
    .sort((a, b) => b.score - a.score);
  const [best, second] = scores as [Score, Score];
  const analyzedAt = now.toISOString();
  if (best.score < MIN_SCORE) {
    const reasoning =
      best.score === 0
        ? `None of the ${headers.length} column headers matches a known category.`
        : `Too few column headers point to one category: the closest is ${LABELS[best.category]} (${listNames(best.matched)}).`;
    return { suggestedCategory: 'unknown', confidence: 0.5, reasoning, analyzedAt };
  }
  const strength = Math.min(1, best.score / 12);
  const lead = (best.score - second.score) / best.score;
  const confidence = Math.round((0.3 + 0.7 * strength * (0.4 + 0.6 * lead)) * 100) / 100;
  const runnerUp = second.score > 0 ? ` The next closest is ${LABELS[second.category]} (score ${second.score}).` : '';
  const reasoning =
    `${best.matched.length} of ${headers.length} column headers point to ${LABELS[best.category]}: ` +
    `${listNames(best.matched)} (score ${best.score}).${runnerUp}`;
  return { suggestedCategory: best.category, confidence, reasoning, analyzedAt };
};
