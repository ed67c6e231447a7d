import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { type DocumentNode, GraphQLError, Lexer, type ParseOptions, parse, Source, TokenKind, type ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { type BoundedCache, createBoundedCache } from './bounded-cache.ts';

/**
 * Brackets (`{`, `[`, `(`) a document may nest. Fixed: the parser, the validation rules and value
 * coercion recurse once per level, and 64 is far above what a client writes (the web app's deepest
 * document nests 5) yet far below what overflows the stack (a few thousand).
 */
export const MAX_DOCUMENT_NESTING = 64;

export type DocumentLimits = {
  /** Lexical tokens in one document (GRAPHQL_MAX_TOKENS). */
  maxTokens: number;
  /** Nested selection sets of one operation (GRAPHQL_MAX_DEPTH). */
  maxDepth: number;
  /** Aliased fields in one operation (GRAPHQL_MAX_ALIASES). */
  maxAliases: number;
  /** Directives in one operation (GRAPHQL_MAX_DIRECTIVES). */
  maxDirectives: number;
  /** Estimated cost of one operation (GRAPHQL_MAX_COST). */
  maxCost: number;
};

const OPENING: ReadonlySet<string> = new Set([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING: ReadonlySet<string> = new Set([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/** A refusal of the whole document: 400 whatever the client accepts, with the limit named. */
const refusal = (message: string, code: string, limit: string, max: number) =>
  new GraphQLError(message, {
    extensions: { code, field: null, details: { limit, max }, http: { status: 400, spec: false } },
  });

/** Token count of every document this process parsed, for weighing the document cache. */
const tokenCounts = new WeakMap<DocumentNode, number>();

/**
 * Counts tokens and bracket nesting in one flat pass over the lexer, stopping at the first limit
 * passed, so an oversized or absurdly nested document is refused before the recursive parser
 * (which overflows the stack near 5,000 levels) ever sees it. Returns the token count.
 */
export const scanDocument = (source: string, maxTokens: number): number => {
  const lexer = new Lexer(new Source(source));
  let tokens = 0;
  let nesting = 0;
  for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
    tokens += 1;
    if (tokens > maxTokens) {
      throw refusal(
        `Document has more than ${maxTokens} tokens (GRAPHQL_MAX_TOKENS). Split it into smaller operations.`,
        'GRAPHQL_PARSE_FAILED',
        'GRAPHQL_MAX_TOKENS',
        maxTokens,
      );
    }
    if (OPENING.has(token.kind)) {
      nesting += 1;
      if (nesting > MAX_DOCUMENT_NESTING) {
        throw refusal(
          `Document nests brackets more than ${MAX_DOCUMENT_NESTING} levels deep.`,
          'GRAPHQL_PARSE_FAILED',
          'MAX_DOCUMENT_NESTING',
          MAX_DOCUMENT_NESTING,
        );
      }
    } else if (CLOSING.has(token.kind) && nesting > 0) {
      nesting -= 1;
    }
  }
  return tokens;
};

/** graphql's parse behind the flat scan; the parser's own maxTokens stays on as a second fence. */
export const parseWithLimits = (maxTokens: number) => (source: string | Source, options?: ParseOptions) => {
  const text = typeof source === 'string' ? source : source.body;
  const tokens = scanDocument(text, maxTokens);
  const document = parse(source, { ...options, maxTokens });
  tokenCounts.set(document, tokens);
  return document;
};

/**
 * Yoga keeps parsed documents and parse errors keyed by the query text. Its default (1,024 entries
 * each) let distinct large documents pin gigabytes: an AST costs about 470 bytes per token, and a
 * cached document also keeps its validation result (each error with its stack, ~85 KB for a small
 * invalid document). These caches are bounded by weight: documents by their tokens and by count
 * (the web app sends about 60 distinct documents), errors (which keep the source) by text.
 */
export const createDocumentCaches = (): {
  documentCache: BoundedCache<DocumentNode>;
  errorCache: BoundedCache<unknown>;
} => ({
  documentCache: createBoundedCache<DocumentNode>({
    maxEntries: 300,
    maxWeight: 60_000,
    weigh: (key, document) => tokenCounts.get(document) ?? key.length,
  }),
  errorCache: createBoundedCache<unknown>({ maxEntries: 250, maxWeight: 4 * 1024 * 1024, weigh: (key) => key.length }),
});

type ArmorRule = (options: {
  exposeLimits: boolean;
  propagateOnRejection: boolean;
  onReject: ((context: ValidationContext | null, error: GraphQLError) => void)[];
}) => (context: ValidationContext) => unknown;

/** Armor's messages start with "Syntax Error:" although they are not; the rest names limit and count. */
const reportAs = (limit: string, max: number) => (context: ValidationContext | null, error: GraphQLError) => {
  const message = error.message.replace(/^Syntax Error:\s*/, '').replace(/\.$/, '');
  context?.reportError(refusal(`${message} (${limit}).`, 'GRAPHQL_VALIDATION_FAILED', limit, max));
};

const armored = (rule: ArmorRule, options: Record<string, unknown>, limit: string, max: number) =>
  (rule as (options: Record<string, unknown>) => (context: ValidationContext) => unknown)({
    ...options,
    exposeLimits: true,
    propagateOnRejection: false,
    onReject: [reportAs(limit, max)],
  });

/**
 * Bounds what one GraphQL document may ask of the server: tokens and nesting before parsing (400,
 * GRAPHQL_PARSE_FAILED), then depth, aliases, directives and estimated cost as validation rules
 * (400, GRAPHQL_VALIDATION_FAILED). Every refusal names the configuration variable that sets it.
 */
export const useDocumentLimits = (limits: DocumentLimits): Plugin => {
  const parseFn = parseWithLimits(limits.maxTokens);
  const rules = [
    armored(maxDepthRule as ArmorRule, { n: limits.maxDepth }, 'GRAPHQL_MAX_DEPTH', limits.maxDepth),
    armored(maxAliasesRule as ArmorRule, { n: limits.maxAliases }, 'GRAPHQL_MAX_ALIASES', limits.maxAliases),
    armored(maxDirectivesRule as ArmorRule, { n: limits.maxDirectives }, 'GRAPHQL_MAX_DIRECTIVES', limits.maxDirectives),
    armored(costLimitRule as ArmorRule, { maxCost: limits.maxCost }, 'GRAPHQL_MAX_COST', limits.maxCost),
  ];
  return {
    onParse: ({ setParseFn }) => {
      setParseFn(parseFn);
    },
    onValidate: ({ addValidationRule }) => {
      for (const rule of rules) addValidationRule(rule as Parameters<typeof addValidationRule>[0]);
    },
  };
};
