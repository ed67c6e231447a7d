import { describe, expect, it } from 'vitest';
import { dataRequestInputSchema, defaultDataRequestTitle } from './data-request-input.ts';

const now = new Date('2026-03-01T12:00:00Z');
const schema = dataRequestInputSchema(now);
const messages = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the request completeFileUpload sends', () => {
  it('takes a future deadline, the data asked for and a period, with a default title', () => {
    const parsed = schema.parse({
      deadline: '2026-04-30T17:00:00+02:00',
      requiredUploadPurpose: 'transport_legs',
      requiredUploadSecondaryPurpose: ' 2025-q3 ',
    });
    expect(parsed).toEqual({
      deadline: new Date('2026-04-30T15:00:00Z'),
      requiredUploadPurpose: 'transport_legs',
      requiredUploadSecondaryPurpose: '2025-Q3',
      title: defaultDataRequestTitle('transport_legs', '2025-Q3'),
      message: null,
    });
    expect(parsed.title).toMatch(/data for 2025-Q3$/);
  });

  it('keeps a title and a message given, blank ones count as none', () => {
    const parsed = schema.parse({
      deadline: new Date('2026-05-01T00:00:00Z'),
      requiredUploadPurpose: 'supplier_list',
      title: '  Fuel 2025  ',
      message: '   ',
    });
    expect(parsed).toMatchObject({ title: 'Fuel 2025', message: null, requiredUploadSecondaryPurpose: null });
  });

  it('refuses a past deadline, one too far ahead, unknown data, a bad period, and long texts, saying where', () => {
    expect(messages({ deadline: '2026-02-01T00:00:00Z', requiredUploadPurpose: 'transport_legs' })).toEqual([
      'deadline: The deadline must be in the future',
    ]);
    expect(messages({ deadline: '2040-01-01T00:00:00Z', requiredUploadPurpose: 'transport_legs' })[0]).toMatch(
      /^deadline: .*within 5 years/,
    );
    expect(messages({ deadline: '2026-04-01T00:00:00Z', requiredUploadPurpose: 'unknown' })[0]).toMatch(/^requiredUploadPurpose: /);
    expect(
      messages({ deadline: '2026-04-01T00:00:00Z', requiredUploadPurpose: 'transport_legs', requiredUploadSecondaryPurpose: '2025-Q5' })[0],
    ).toMatch(/^requiredUploadSecondaryPurpose: The reporting period/);
    expect(messages({ deadline: '2026-04-01T00:00:00Z', requiredUploadPurpose: 'transport_legs', title: 'x'.repeat(201) })[0]).toMatch(
      /^title: /,
    );
    expect(messages({ deadline: '2026-04-01T00:00:00Z', requiredUploadPurpose: 'transport_legs', message: 'x'.repeat(2001) })[0]).toMatch(
      /^message: /,
    );
  });
});
