/**
 * Which published footprints answer a PF Request Event's ProductFootprintFragment ("a subset of ProductFootprint
 * properties, including nested properties"). We understand: productIds and companyIds (any shared value), id,
 * productCategoryCpc, and the scope properties the spec's business case writes either at the top of the fragment
 * or under `pcf`: referencePeriodStart/End (the footprint's period must lie within the one asked for),
 * geographyCountry, geographyRegionOrSubregion, geographyCountrySubdivision, declaredUnit. Every property we
 * understand must match; the others are ignored (the spec lets a host ignore properties).
 */

type Doc = Record<string, unknown>;

const isObject = (value: unknown): value is Doc => value !== null && typeof value === 'object' && !Array.isArray(value);

const strings = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : null;

const SCOPE_EQUALS = ['geographyCountry', 'geographyRegionOrSubregion', 'geographyCountrySubdivision', 'declaredUnit'] as const;

export type FragmentCheck = { ok: true; matches: (doc: Doc) => boolean; understood: string[] } | { ok: false; message: string };

/** Builds the matcher; a fragment with nothing we can match on is refused (the spec's BadRequest answer). */
export const fragmentMatcher = (fragment: Doc): FragmentCheck => {
  const tests: ((doc: Doc) => boolean)[] = [];
  const understood: string[] = [];
  const pcfFragment = isObject(fragment.pcf) ? fragment.pcf : {};
  const scoped = (key: string): unknown => fragment[key] ?? pcfFragment[key];

  for (const key of ['productIds', 'companyIds'] as const) {
    if (fragment[key] === undefined) continue;
    const wanted = strings(fragment[key]);
    if (!wanted || wanted.length === 0) return { ok: false, message: `pf.${key} must be a non-empty array of strings.` };
    understood.push(key);
    tests.push((doc) => (strings(doc[key]) ?? []).some((value) => wanted.includes(value)));
  }
  for (const key of ['id', 'productCategoryCpc'] as const) {
    if (fragment[key] === undefined) continue;
    understood.push(key);
    tests.push((doc) => doc[key] === fragment[key]);
  }
  for (const key of SCOPE_EQUALS) {
    const wanted = scoped(key);
    if (wanted === undefined) continue;
    understood.push(key);
    tests.push((doc) => isObject(doc.pcf) && doc.pcf[key] === wanted);
  }
  const start = scoped('referencePeriodStart');
  const end = scoped('referencePeriodEnd');
  for (const [key, value] of [
    ['referencePeriodStart', start],
    ['referencePeriodEnd', end],
  ] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return { ok: false, message: `pf.${key} must be a date and time.` };
    understood.push(key);
  }
  if (typeof start === 'string') {
    tests.push(
      (doc) =>
        isObject(doc.pcf) &&
        typeof doc.pcf.referencePeriodStart === 'string' &&
        Date.parse(doc.pcf.referencePeriodStart) >= Date.parse(start),
    );
  }
  if (typeof end === 'string') {
    tests.push(
      (doc) =>
        isObject(doc.pcf) && typeof doc.pcf.referencePeriodEnd === 'string' && Date.parse(doc.pcf.referencePeriodEnd) <= Date.parse(end),
    );
  }
  if (tests.length === 0) {
    return { ok: false, message: 'The fragment names no property this host can match on; include productIds.' };
  }
  return { ok: true, understood, matches: (doc) => tests.every((test) => test(doc)) };
};
