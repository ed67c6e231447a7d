import { describe, expect, it } from 'vitest';
import { FilterError, parseFootprintFilter } from './odata-filter.ts';

const doc = {
  created: '2024-03-01T00:00:00Z',
  productCategoryCpc: '3342',
  productIds: ['urn:gtin:1', "urn:pact:o'brien:2"],
  companyIds: ['urn:pact:company:customcode:vendor-assigned:6789'],
  pcf: { geographyCountry: 'DE', referencePeriodStart: '2023-01-01T00:00:00Z', referencePeriodEnd: '2024-01-01T00:00:00Z' },
};
const matches = (filter: string) => parseFootprintFilter(filter)(doc);
const refusal = (filter: string) => {
  try {
    parseFootprintFilter(filter);
  } catch (error) {
    if (error instanceof FilterError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error(`accepted: ${filter}`);
};

describe('parseFootprintFilter', () => {
  it.each([
    ["productCategoryCpc eq '3342'", true],
    ["productCategoryCpc eq '3343'", false],
    ["pcf/geographyCountry eq 'DE'", true],
    ["(pcf/referencePeriodStart ge '2023-01-01T00:00:00.000Z') and (pcf/referencePeriodEnd lt '2024-01-01T00:00:00.001Z')", true],
    ["pcf/referencePeriodEnd lt '2024-01-01T00:00:00Z'", false],
    ["pcf/referencePeriodEnd le '2024-01-01T00:00:00Z'", true],
    ["created gt '2024-02-29T23:59:59Z'", true],
    ['created gt 2024-03-01T00:00:00Z', false],
    ["updated ge '2000-01-01T00:00:00Z'", false],
    ["productIds/any(productId:(productId eq 'urn:gtin:1'))", true],
    ["productIds/any(p:p eq 'urn:pact:o''brien:2')", true],
    ["productIds/any(p:(p eq 'urn:gtin:9'))", false],
    ["companyIds/any(c:(c eq 'urn:pact:company:customcode:vendor-assigned:6789')) and productCategoryCpc eq '3342'", true],
    ["companyIds/any(c:(c eq 'urn:pact:company:customcode:vendor-assigned:6789')) and productCategoryCpc eq '1'", false],
  ])('%s → %s', (filter, expected) => {
    expect(matches(filter)).toBe(expected);
  });

  it.each([
    ["productCategoryCpc eq '3342' or productCategoryCpc eq '1'", 'unsupported', '"or" is not supported'],
    ["productCategoryCpc ne '3342'", 'unsupported', '"ne" is not supported'],
    ["companyName eq 'My Corp'", 'unsupported', 'Filtering on "companyName" is not supported'],
    ["geographyCountry eq 'DE'", 'unsupported', 'write pcf/geographyCountry'],
    ["contains(productCategoryCpc, '33')", 'unsupported', 'The function "contains" is not supported'],
    ["productIds/all(p:(p eq 'x'))", 'unsupported', '"all" is not supported'],
    ["productIds/any(p:(p ne 'x'))", 'unsupported', 'only "eq" is supported'],
    ["productCategoryCpc eq '3342", 'syntax', 'is not closed with a quote'],
    ['productCategoryCpc eq', 'syntax', 'Expected a quoted value after "productCategoryCpc eq", found the end of the filter'],
    ["(productCategoryCpc eq '1'", 'syntax', 'Expected a closing ")"'],
    ["created ge 'yesterday'", 'syntax', "'yesterday' is not a date and time"],
    ['   ', 'syntax', 'The filter is empty'],
  ])('%s is refused (%s)', (filter, kind, message) => {
    const result = refusal(filter);
    expect(result.kind).toBe(kind);
    expect(result.message).toContain(message);
  });
});
