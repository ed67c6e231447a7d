/**
 * The `$filter` subset PACT v2 lists for Action ListFootprints (OData v4 syntax):
 * - `eq`, `lt`, `le`, `gt`, `ge` on `created`, `updated`, `productCategoryCpc`, `pcf/geographyCountry`,
 *   `pcf/referencePeriodStart`, `pcf/referencePeriodEnd`;
 * - `and`, with parentheses;
 * - `any` on `productIds` and `companyIds`, whose argument only uses `eq`: `productIds/any(p:(p eq 'urn:...'))`.
 *
 * Parsed into a predicate evaluated on a footprint document. A statement that is not OData (an unclosed quote,
 * a missing operand) is a syntax error (the spec's BadRequest); OData the subset leaves out (`or`, `not`, `ne`,
 * functions, other properties) is unsupported (the spec's NotImplemented: a host that refuses part of a filter
 * must answer it).
 */

export class FilterError extends Error {
  constructor(
    readonly kind: 'syntax' | 'unsupported',
    message: string,
  ) {
    super(message);
    this.name = 'FilterError';
  }
}

export type Footprint = Record<string, unknown>;
export type FootprintPredicate = (doc: Footprint) => boolean;

type Token =
  | { type: 'word'; text: string; at: number }
  | { type: 'string'; text: string; at: number }
  | { type: 'open' | 'close' | 'colon' | 'comma'; at: number };

export const COMPARISON_OPERATORS = ['eq', 'lt', 'le', 'gt', 'ge'] as const;
type Operator = (typeof COMPARISON_OPERATORS)[number];

/** Filterable properties: their path in the document and whether they compare as instants. */
const PROPERTIES: Record<string, { path: [string] | [string, string]; dateTime: boolean }> = {
  created: { path: ['created'], dateTime: true },
  updated: { path: ['updated'], dateTime: true },
  productCategoryCpc: { path: ['productCategoryCpc'], dateTime: false },
  'pcf/geographyCountry': { path: ['pcf', 'geographyCountry'], dateTime: false },
  'pcf/referencePeriodStart': { path: ['pcf', 'referencePeriodStart'], dateTime: true },
  'pcf/referencePeriodEnd': { path: ['pcf', 'referencePeriodEnd'], dateTime: true },
};
const COLLECTIONS = new Set(['productIds', 'companyIds']);
const UNSUPPORTED_WORDS = new Set(['or', 'not', 'ne', 'has', 'in', 'all', 'add', 'sub', 'mul', 'div', 'mod']);
/** OData date-time literal written without quotes (`created ge 2023-01-01T00:00:00Z`). */
const DATE_TIME_LITERAL = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
export const MAX_FILTER_LENGTH = 4000;

const tokenize = (text: string): Token[] => {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === "'") {
      // OData string literal: '' is a quote inside it.
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw new FilterError('syntax', `The string starting at position ${i + 1} is not closed with a quote.`);
        if (text[j] === "'") {
          if (text[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          break;
        }
        value += text[j];
        j += 1;
      }
      tokens.push({ type: 'string', text: value, at: i });
      i = j + 1;
    } else if (c === '(' || c === ')' || c === ':' || c === ',') {
      tokens.push({ type: c === '(' ? 'open' : c === ')' ? 'close' : c === ':' ? 'colon' : 'comma', at: i });
      i += 1;
    } else {
      const rest = text.slice(i);
      const match = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?/.exec(rest) ?? /^[A-Za-z0-9_./+-]+/.exec(rest);
      if (!match) throw new FilterError('syntax', `Unexpected character "${c}" at position ${i + 1}.`);
      tokens.push({ type: 'word', text: match[0], at: i });
      i += match[0].length;
    }
  }
  return tokens;
};

const describe = (token: Token | undefined) => {
  if (!token) return 'the end of the filter';
  if (token.type === 'word') return `"${token.text}" at position ${token.at + 1}`;
  if (token.type === 'string') return `the string '${token.text}' at position ${token.at + 1}`;
  const symbol = { open: '(', close: ')', colon: ':', comma: ',' }[token.type];
  return `"${symbol}" at position ${token.at + 1}`;
};

const instant = (value: string, where: string): number => {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new FilterError('syntax', `${where}: '${value}' is not a date and time.`);
  return time;
};

const compare = (left: number | string, operator: Operator, right: number | string): boolean => {
  switch (operator) {
    case 'eq':
      return left === right;
    case 'lt':
      return left < right;
    case 'le':
      return left <= right;
    case 'gt':
      return left > right;
    case 'ge':
      return left >= right;
  }
};

const valueAt = (doc: Footprint, path: readonly string[]): unknown => {
  let value: unknown = doc;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
};

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): FootprintPredicate {
    const predicate = this.expression();
    const rest = this.peek();
    if (rest) {
      if (rest.type === 'word' && UNSUPPORTED_WORDS.has(rest.text.toLowerCase())) {
        throw new FilterError('unsupported', `The operator "${rest.text}" is not supported; combine conditions with "and".`);
      }
      throw new FilterError('syntax', `Expected "and" or the end of the filter, found ${describe(rest)}.`);
    }
    return predicate;
  }

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.index + offset];
  }

  private next(): Token | undefined {
    const token = this.tokens[this.index];
    this.index += 1;
    return token;
  }

  private expect(type: Token['type'], what: string): Token {
    const token = this.next();
    if (token?.type !== type) throw new FilterError('syntax', `Expected ${what}, found ${describe(token)}.`);
    return token;
  }

  private expression(): FootprintPredicate {
    const terms = [this.term()];
    for (;;) {
      const token = this.peek();
      if (token?.type !== 'word' || token.text !== 'and') break;
      this.next();
      terms.push(this.term());
    }
    return terms.length === 1 ? (terms[0] as FootprintPredicate) : (doc) => terms.every((term) => term(doc));
  }

  private term(): FootprintPredicate {
    const token = this.peek();
    if (token?.type === 'open') {
      this.next();
      const inner = this.expression();
      this.expect('close', 'a closing ")"');
      return inner;
    }
    if (token?.type !== 'word') throw new FilterError('syntax', `Expected a property name, found ${describe(token)}.`);
    const name = token.text;
    if (UNSUPPORTED_WORDS.has(name.toLowerCase())) {
      throw new FilterError('unsupported', `The operator "${name}" is not supported.`);
    }
    const lambda = /^(.+)\/(any|all)$/.exec(name);
    if (lambda) return this.lambda(lambda[1] as string, lambda[2] as string);
    if (this.peek(1)?.type === 'open') {
      throw new FilterError('unsupported', `The function "${name}" is not supported.`);
    }
    return this.comparison();
  }

  private lambda(collection: string, kind: string): FootprintPredicate {
    this.next();
    if (kind !== 'any') throw new FilterError('unsupported', `The lambda operator "${kind}" is not supported; use "any".`);
    if (!COLLECTIONS.has(collection)) {
      throw new FilterError('unsupported', `"any" is supported on productIds and companyIds only, not on "${collection}".`);
    }
    this.expect('open', `"(" after ${collection}/any`);
    const variableToken = this.expect('word', 'a variable name');
    const variable = variableToken.type === 'word' ? variableToken.text : '';
    this.expect('colon', `":" after the variable "${variable}"`);
    const values = this.lambdaBody(variable);
    this.expect('close', `a closing ")" of ${collection}/any`);
    return (doc) => {
      const items = valueAt(doc, [collection]);
      return Array.isArray(items) && items.some((item) => typeof item === 'string' && values.includes(item));
    };
  }

  /** `v eq 'x'`, possibly in parentheses; the only expression PACT allows inside `any`. */
  private lambdaBody(variable: string): string[] {
    const token = this.peek();
    if (token?.type === 'open') {
      this.next();
      const inner = this.lambdaBody(variable);
      this.expect('close', 'a closing ")"');
      return inner;
    }
    const name = this.expect('word', `the variable "${variable}"`);
    if (name.type !== 'word' || name.text !== variable) {
      throw new FilterError('syntax', `Expected the variable "${variable}", found ${describe(name)}.`);
    }
    const operator = this.expect('word', 'an operator');
    if (operator.type !== 'word' || operator.text !== 'eq') {
      throw new FilterError('unsupported', `Inside "any" only "eq" is supported, not "${operator.type === 'word' ? operator.text : ''}".`);
    }
    const literal = this.expect('string', "a quoted value ('...')");
    const after = this.peek();
    if (after?.type === 'word') {
      throw new FilterError('unsupported', `Inside "any" only one "eq" comparison is supported, found ${describe(after)}.`);
    }
    return [literal.type === 'string' ? literal.text : ''];
  }

  private comparison(): FootprintPredicate {
    const nameToken = this.next() as Token & { type: 'word' };
    const name = nameToken.text;
    const property = PROPERTIES[name];
    if (!property) {
      const hint = name === 'geographyCountry' || name.startsWith('referencePeriod') ? ` (write pcf/${name})` : '';
      throw new FilterError(
        'unsupported',
        `Filtering on "${name}" is not supported${hint}; the properties are ${Object.keys(PROPERTIES).join(', ')}, and productIds/any, companyIds/any.`,
      );
    }
    const operatorToken = this.next();
    if (operatorToken?.type !== 'word')
      throw new FilterError('syntax', `Expected an operator after "${name}", found ${describe(operatorToken)}.`);
    const operator = operatorToken.text as Operator;
    if (!COMPARISON_OPERATORS.includes(operator)) {
      if (UNSUPPORTED_WORDS.has(operator) || /^[a-z]+$/.test(operator)) {
        throw new FilterError('unsupported', `The operator "${operatorToken.text}" is not supported; use eq, lt, le, gt or ge.`);
      }
      throw new FilterError('syntax', `Expected an operator after "${name}", found ${describe(operatorToken)}.`);
    }
    const literalToken = this.next();
    let literal: string;
    if (literalToken?.type === 'string') literal = literalToken.text;
    else if (property.dateTime && literalToken?.type === 'word' && DATE_TIME_LITERAL.test(literalToken.text)) literal = literalToken.text;
    else throw new FilterError('syntax', `Expected a quoted value after "${name} ${operator}", found ${describe(literalToken)}.`);

    if (property.dateTime) {
      const right = instant(literal, name);
      return (doc) => {
        const value = valueAt(doc, property.path);
        if (typeof value !== 'string') return false;
        const left = Date.parse(value);
        return !Number.isNaN(left) && compare(left, operator, right);
      };
    }
    return (doc) => {
      const value = valueAt(doc, property.path);
      return typeof value === 'string' && compare(value, operator, literal);
    };
  }
}

/** Parses a `$filter` value into a predicate; throws FilterError saying what was not understood. */
export const parseFootprintFilter = (filter: string): FootprintPredicate => {
  if (filter.length > MAX_FILTER_LENGTH) throw new FilterError('unsupported', `The filter is longer than ${MAX_FILTER_LENGTH} characters.`);
  const tokens = tokenize(filter);
  if (tokens.length === 0) throw new FilterError('syntax', 'The filter is empty.');
  return new Parser(tokens).parse();
};
