import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIELD_CATALOGUE } from '../field-catalogue/index.ts';
import { ISSUE_TYPES } from './issues.ts';

const doc = readFileSync(new URL('../../../../docs/validation-rules.md', import.meta.url), 'utf8');

describe('issue codes', () => {
  it('are SCREAMING_SNAKE and each documented with its type in docs/validation-rules.md', () => {
    for (const [code, type] of Object.entries(ISSUE_TYPES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(doc, code).toContain(`| \`${code}\` | ${type} |`);
    }
  });

  it('documents no code the rules do not have', () => {
    const documented = [...doc.matchAll(/^\| `([A-Z_]+)` \| (error|warning) \|/gm)].map((m) => m[1]);
    expect(documented.filter((code) => !(code && Object.hasOwn(ISSUE_TYPES, code)))).toEqual([]);
  });
});

describe('catalogue densities', () => {
  it('are given per allowed value of the enum field that carries them, in t/m³', () => {
    const carriers = Object.values(FIELD_CATALOGUE).flatMap((fields) => fields.filter((f) => f.densities));
    expect(carriers.length).toBe(3);
    for (const field of carriers) {
      const values = new Set(field.allowedValues?.map((a) => a.value));
      for (const [value, density] of Object.entries(field.densities ?? {})) {
        expect(values.has(value), `${field.key}: ${value}`).toBe(true);
        expect(density > 0 && density <= 2, `${field.key}: ${value}`).toBe(true);
      }
    }
  });

  it('has a field with densities in every category whose fuel may come as a volume', () => {
    for (const [category, fields] of Object.entries(FIELD_CATALOGUE)) {
      if (fields.some((f) => f.acceptedUnits?.some((u) => u.needsDensity)))
        expect(
          fields.some((f) => f.densities),
          category,
        ).toBe(true);
    }
  });
});
