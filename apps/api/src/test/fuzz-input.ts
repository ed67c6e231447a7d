import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';

/**
 * Pieces of the fuzz test: a seeded random source, and values shaped by a root field's argument
 * types (right types with hostile contents, sometimes the wrong type or an unknown field), sent as
 * variables or written into the document as literals. Driven by the schema, so new operations are
 * fuzzed unasked.
 */

export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  int: (below: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
};

/** mulberry32: small, fast and the same on every machine, so a seed replays a run. */
export const seededRandom = (seed: number): Random => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { next, int, chance: (probability) => next() < probability, pick: (items) => items[int(items.length)] as (typeof items)[number] };
};

const hex = (random: Random, length: number) => Array.from({ length }, () => random.int(16).toString(16)).join('');
const uuid = (random: Random) => `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-a${hex(random, 3)}-${hex(random, 12)}`;

/** Strings that have broken servers somewhere: control characters, quotes, odd Unicode, sizes, formats. */
const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  'a',
  'x'.repeat(300),
  'y'.repeat(20_000),
  'nul\u0000inside',
  '\u0000',
  'bell\u0007 esc\u001b[31m del\u007f',
  'half \ud83d surrogate',
  '\ude80 low half first',
  "O'Brien'); DROP TABLE users;--",
  '" OR 1=1 --',
  '%_\\%',
  '\\x00\\u0000',
  '$1 $$ $2',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return 1")()}}',
  '__proto__',
  'constructor',
  'Ærøskøbing Ångström Łódź',
  '⚓🚢🛳️👩‍👩‍👧‍👦',
  '\u202eright-to-left override',
  '\u00a0\u2028\u2029\ufeff',
  'ﬀ ß İ ǅ',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{"a":1}',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  'not-a-uuid',
  '2024-02-30T25:61:61Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  'someone@',
  '@example.com',
  `${'a'.repeat(70)}@${'b'.repeat(250)}.example`,
  'user@[127.0.0.1]',
  'javascript:alert(1)',
  'https://',
  'ftp://example.com/x',
  'http://169.254.169.254/latest/meta-data/',
  '../../etc/passwd',
  'Europe/Atlantis',
  'ZZZ',
];

const plausibleString = (name: string, random: Random) => {
  if (/email|authKey/i.test(name)) return `fuzz-${hex(random, 6)}@tidewise-fuzz.example`;
  if (/password|authSecret/i.test(name)) return random.pick(['Sturdy#Harbour-42', 'short', 'NoDigits#Here', 'x'.repeat(33)]);
  if (/code$/i.test(name)) return String(random.int(1_000_000)).padStart(6, '0');
  if (/token/i.test(name)) return random.pick([hex(random, 64), `${hex(random, 32)}:${random.int(1_000_000)}`, 'a.b.c']);
  if (/url|logo|website/i.test(name)) return random.pick(['https://example.com/logo.png', 'http://example.com', 'example.com']);
  if (/timezone/i.test(name)) return random.pick(['Europe/Oslo', 'UTC', 'America/Houston']);
  if (/currency/i.test(name)) return random.pick(['EUR', 'USD', 'NOK']);
  if (/language/i.test(name)) return random.pick(['en', 'no', 'de']);
  if (/measurement/i.test(name)) return random.pick(['metric', 'imperial']);
  if (/action|resource|status|method/i.test(name))
    return random.pick(['login', 'createAuthorizationRole', 'success', 'failure', 'organizations']);
  if (/confirmation|name|search|query/i.test(name)) return random.pick(['Nordwind', 'Baltic Marine', 'a', 'Fuzz Shipping']);
  return random.pick(['Fuzz value', 'Fleet analyst', 'hello']);
};

/** Characters slipped into an otherwise plausible value, where validation may let them through. */
const TAINTS: readonly string[] = [
  '\u0000',
  '\u0000',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\ud800',
  "'",
  '"',
  '\\',
  '%',
  '_',
  '\u202e',
  '\n',
  ' ',
];

const tainted = (value: string, random: Random) => {
  const at = random.int(value.length + 1);
  return `${value.slice(0, at)}${random.pick(TAINTS)}${value.slice(at)}`;
};

/** A hostile string: one from the list, or a plausible one with something slipped in. */
const hostileString = (name: string, random: Random) =>
  random.chance(0.4) ? tainted(plausibleString(name, random), random) : random.pick(HOSTILE_STRINGS);

const INTS: readonly number[] = [0, 1, -1, 2, 3, 10, 20, 100, 101, 1000, 2_147_483_647, -2_147_483_648, 2_147_483_648, 1e10];
const FLOATS: readonly number[] = [0, -0.5, 1.5, 1e308, -1e308, 5e-324];

const isIdLike = (type: GraphQLInputType, name: string) => {
  const named = getNamedType(type);
  return named.name === 'ID' || (named.name === 'String' && /(^id$|^ids$|Id$|Ids$)/.test(name));
};

/**
 * plausible: values that pass validation; tainted: the same with one odd character slipped in
 * (what reaches SQL when validation lets it through); hostile: anything; mixed: some of each.
 */
export type Mode = 'plausible' | 'tainted' | 'hostile' | 'mixed';

/** A value of the argument's type (mostly), chosen for the mode. */
export const valueFor = (type: GraphQLInputType, name: string, random: Random, mode: Mode, depth = 0): unknown => {
  if (!isNonNullType(type) && random.chance(0.1)) return null;
  if (random.chance(0.02)) return random.pick<unknown>([42, 'wrong type', true, { unexpected: 1 }, [1, 2]]);
  const inner = getNullableType(type);
  if (isListType(inner)) {
    const length = random.chance(0.05) ? 60 : random.int(4);
    return Array.from({ length }, () => valueFor(inner.ofType as GraphQLInputType, name, random, mode, depth + 1));
  }
  const hostile = mode === 'hostile' || (mode === 'mixed' && random.chance(0.5));
  const taint = (value: string) => (mode === 'tainted' ? tainted(value, random) : value);
  if (isIdLike(type, name)) {
    return hostile
      ? random.pick([random.pick(HOSTILE_STRINGS), uuid(random).toUpperCase(), tainted(uuid(random), random)])
      : taint(uuid(random));
  }
  const named = getNamedType(type);
  if (isEnumType(named)) {
    const values = named.getValues().map((v) => v.name);
    return hostile && random.chance(0.2) ? random.pick(['NOT_A_VALUE', '', values[0]?.toLowerCase() ?? 'x']) : random.pick(values);
  }
  if (isInputObjectType(named)) {
    const object: Record<string, unknown> = {};
    for (const field of Object.values(named.getFields())) {
      if (depth > 4 && !isNonNullType(field.type)) continue;
      if (isNonNullType(field.type) ? random.chance(0.97) : random.chance(0.6)) {
        object[field.name] = valueFor(field.type, field.name, random, mode, depth + 1);
      }
    }
    if (hostile && random.chance(0.05)) object.unknownField = 'x';
    return object;
  }
  if (isScalarType(named)) {
    switch (named.name) {
      case 'Int':
        return hostile ? random.pick(INTS) : random.pick([1, 2, 10, 20]);
      case 'Float':
        return random.pick(FLOATS);
      case 'Boolean':
        return random.chance(0.5);
      case 'DateTime':
        return hostile
          ? random.pick(HOSTILE_STRINGS)
          : new Date(Date.UTC(2020 + random.int(10), random.int(12), 1 + random.int(28), random.int(24))).toISOString();
      case 'JSON':
        return random.pick<unknown>([{}, { a: [1, 'b', null] }, [], 'text', 1]);
      default:
        return hostile ? hostileString(name, random) : taint(plausibleString(name, random));
    }
  }
  return null;
};

/** Variables for a call: required arguments always (almost), optional ones at random. */
export const variablesFor = (field: GraphQLField<unknown, unknown>, random: Random, mode: Mode) => {
  const variables: Record<string, unknown> = {};
  for (const arg of field.args) {
    if (isNonNullType(arg.type) ? random.chance(0.97) : random.chance(0.6))
      variables[arg.name] = valueFor(arg.type, arg.name, random, mode);
  }
  return variables;
};

/** A GraphQL literal of a value for the type (enum values bare), or null when it cannot be written. */
export const literalFor = (type: GraphQLInputType, value: unknown): string | null => {
  if (value === null || value === undefined) return 'null';
  const inner = getNullableType(type);
  if (isListType(inner)) {
    if (!Array.isArray(value)) return literalFor(inner.ofType as GraphQLInputType, value);
    const items = value.map((item) => literalFor(inner.ofType as GraphQLInputType, item));
    return items.includes(null) ? null : `[${items.join(', ')}]`;
  }
  const named = getNamedType(type);
  if (isEnumType(named) && typeof value === 'string') return /^[_A-Za-z][_0-9A-Za-z]*$/.test(value) ? value : JSON.stringify(value);
  if (isInputObjectType(named) && value && typeof value === 'object' && !Array.isArray(value)) {
    const fields = Object.entries(value as Record<string, unknown>).map(([key, inner]) => {
      const fieldType = named.getFields()[key]?.type ?? named;
      const literal = literalFor(fieldType as GraphQLInputType, inner);
      return literal === null ? null : `${key}: ${literal}`;
    });
    return fields.includes(null) ? null : `{ ${fields.join(', ')} }`;
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  return null;
};

/**
 * The operation for a call: arguments as variables, or (with `inline`) written into the document
 * where a literal can express them.
 */
export const operationFor = (
  kind: 'query' | 'mutation' | 'subscription',
  field: GraphQLField<unknown, unknown>,
  variables: Record<string, unknown>,
  selection: string,
  inline: boolean,
) => {
  const used: GraphQLArgument[] = field.args.filter((a) => a.name in variables);
  const declarations: string[] = [];
  const callArgs: string[] = [];
  const sent: Record<string, unknown> = {};
  for (const arg of used) {
    const literal = inline ? literalFor(arg.type, variables[arg.name]) : null;
    if (literal !== null) {
      callArgs.push(`${arg.name}: ${literal}`);
    } else {
      declarations.push(`$${arg.name}: ${String(arg.type)}`);
      callArgs.push(`${arg.name}: $${arg.name}`);
      sent[arg.name] = variables[arg.name];
    }
  }
  const query = `${kind}${declarations.length ? `(${declarations.join(', ')})` : ''} { ${field.name}${callArgs.length ? `(${callArgs.join(', ')})` : ''} ${selection} }`;
  return { query, variables: sent };
};
