import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createDocumentCaches, MAX_DOCUMENT_NESTING, parseWithLimits, scanDocument } from './document-limits.ts';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as GraphQLError;
  }
  throw new Error('expected a refusal');
};

describe('scanDocument', () => {
  it('counts tokens without comments and refuses one past the limit, naming GRAPHQL_MAX_TOKENS', () => {
    expect(scanDocument('# a comment\n{ serverInfo { productName } }', 10)).toBe(6);
    const error = refusal(() => scanDocument(`{ ${'a '.repeat(100)} }`, 50));
    expect(error).toBeInstanceOf(GraphQLError);
    expect(error.extensions).toMatchObject({ code: 'GRAPHQL_PARSE_FAILED', details: { limit: 'GRAPHQL_MAX_TOKENS', max: 50 } });
  });

  it('refuses nesting past MAX_DOCUMENT_NESTING for any bracket, in one flat pass over 100,000 levels', () => {
    for (const [open, close] of [
      ['{a', '}'],
      ['[', ']'],
      ['(', ')'],
    ]) {
      const source = `${(open as string).repeat(100_000)}${(close as string).repeat(100_000)}`;
      const error = refusal(() => scanDocument(source, 1_000_000));
      expect(error.extensions).toMatchObject({ code: 'GRAPHQL_PARSE_FAILED', details: { limit: 'MAX_DOCUMENT_NESTING' } });
    }
    const fine = `{ a(x: ${'['.repeat(MAX_DOCUMENT_NESTING - 2)}1${']'.repeat(MAX_DOCUMENT_NESTING - 2)}) }`;
    expect(() => scanDocument(fine, 1000)).not.toThrow();
  });

  it("passes the lexer's own syntax errors through", () => {
    expect(refusal(() => scanDocument('{ a(x: "unterminated) }', 100)).message).toMatch(/^Syntax Error: Unterminated string/);
  });
});

describe('document caches', () => {
  it('stay within their budget however many distinct large documents arrive', () => {
    const { documentCache, errorCache } = createDocumentCaches();
    const parse = parseWithLimits(2000);
    for (let i = 0; i < 300; i += 1) {
      const source = `{ ${'__typename '.repeat(1990)} a${i}: __typename }`;
      documentCache.set(source, parse(source));
      errorCache.set(`${source}${'x'.repeat(100_000)}`, new Error('syntax'));
    }
    expect(documentCache.weight).toBeLessThanOrEqual(60_000);
    expect(documentCache.size).toBeLessThanOrEqual(30);
    expect(errorCache.weight).toBeLessThanOrEqual(4 * 1024 * 1024);
    const small = '{ serverInfo { productName } }';
    documentCache.set(small, parse(small));
    expect(documentCache.get(small)).toBeDefined();
  });
});
