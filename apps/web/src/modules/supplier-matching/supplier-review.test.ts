import { dataRequestInputSchema } from '@tidewise/shared/supplier-matching/data-request-input';
import { describe, expect, it } from 'vitest';
import type { SupplierRow } from './graphql.ts';
import { endOfDay, sendRequestSchema } from './send-request-schema.ts';
import {
  contactEmails,
  defaultRequestTitle,
  matchingLine,
  preselectedCategory,
  recipientCount,
  scoreWords,
  sendBlocker,
  skippedSuppliers,
  summarize,
} from './supplier-review.ts';

const ACME = { id: 'org-acme', name: 'Acme Shipping AS' };

const row = (patch: Partial<SupplierRow> = {}): SupplierRow => ({
  id: 'r1',
  fileId: 'f1',
  fileName: 'voyages-2025.csv',
  supplierName: 'Acme Shipping',
  itemCount: 10,
  matchStatus: 'match',
  matchReason: 'Same registration number',
  matchScore: 1,
  isConfirmed: false,
  contactEmail: null,
  supplierOrgId: ACME.id,
  calendarTaskId: null,
  supplierOrganization: ACME,
  possibleMatches: [],
  ...patch,
});

const matched = row();
const semi = row({
  id: 'r2',
  supplierName: 'Nordlys',
  itemCount: 4,
  matchStatus: 'semiMatch',
  supplierOrgId: null,
  supplierOrganization: null,
  possibleMatches: [{ score: 0.8, reason: 'Similar name', organization: { id: 'org-n', name: 'Nordlys Logistics AB' } }],
});
const unknown = row({
  id: 'r3',
  supplierName: 'Bluefin Bunkers',
  itemCount: 2,
  matchStatus: 'notMatch',
  supplierOrgId: null,
  supplierOrganization: null,
});

describe('summarize', () => {
  it('counts suppliers and rows by where they stand', () => {
    expect(summarize([matched, semi, unknown])).toEqual({
      matched: { suppliers: 1, rows: 10 },
      toConfirm: { suppliers: 1, rows: 4 },
      unknown: { suppliers: 1, rows: 2 },
      total: { suppliers: 3, rows: 16 },
    });
  });

  it('counts a confirmed possible match as matched, and "none of these" as unknown', () => {
    const confirmed = { ...semi, isConfirmed: true, supplierOrgId: 'org-n' };
    const rejected = { ...semi, id: 'r4', isConfirmed: true, matchStatus: 'notMatch' as const };
    const summary = summarize([confirmed, rejected]);
    expect(summary.matched).toEqual({ suppliers: 1, rows: 4 });
    expect(summary.unknown).toEqual({ suppliers: 1, rows: 4 });
    expect(summary.toConfirm).toEqual({ suppliers: 0, rows: 0 });
  });
});

describe('sendBlocker', () => {
  const ready = { upload: { status: 'ready' as const }, matchingStatus: 'completed' as const, allowed: true };

  it('names the supplier whose possible match is not confirmed', () => {
    expect(sendBlocker({ ...ready, rows: [matched, semi] })).toBe('Confirm which organisation “Nordlys” is, or choose “None of these”.');
  });

  it('names several open suppliers in a sentence', () => {
    const others = [
      semi,
      { ...semi, id: 'a', supplierName: 'B' },
      { ...semi, id: 'b', supplierName: 'C' },
      { ...semi, id: 'c', supplierName: 'D' },
    ];
    expect(sendBlocker({ ...ready, rows: others })).toBe('Confirm the matches of 4 suppliers first: “Nordlys”, “B” and 2 more.');
  });

  it('waits for matching, for the files, and refuses when nobody can be reached', () => {
    expect(sendBlocker({ ...ready, matchingStatus: 'running', rows: [] })).toBe('Wait until the suppliers are matched.');
    expect(sendBlocker({ ...ready, upload: { status: 'processing' }, rows: [matched] })).toBe(
      'Wait until every file of the upload has been read.',
    );
    expect(sendBlocker({ ...ready, rows: [unknown] })).toBe(
      'No supplier can receive the request: confirm a match, or give an address to invite one at.',
    );
    expect(sendBlocker({ ...ready, allowed: false, rows: [matched] })).toMatch(/Your role cannot send/);
    expect(sendBlocker({ ...ready, upload: { status: 'completed' }, rows: [matched] })).toMatch(/completed/);
  });

  it('lets a matched supplier, or an unknown one with an address, be sent to', () => {
    expect(sendBlocker({ ...ready, rows: [matched, unknown] })).toBeNull();
    expect(sendBlocker({ ...ready, rows: [{ ...unknown, contactEmail: 'ops@bluefin.example' }] })).toBeNull();
  });
});

describe('what is sent', () => {
  it('invites each address given for an unknown supplier once, and skips those without one', () => {
    const rows = [
      matched,
      { ...unknown, contactEmail: 'Ops@Bluefin.example' },
      { ...unknown, id: 'r5', fileName: 'other.csv', contactEmail: 'ops@bluefin.example' },
      { ...unknown, id: 'r6', supplierName: 'Kestrel', contactEmail: null },
    ];
    expect(contactEmails(rows)).toEqual(['ops@bluefin.example']);
    expect(skippedSuppliers(rows).map((r) => r.supplierName)).toEqual(['Kestrel']);
    expect(recipientCount([...rows, { ...matched, id: 'r7', fileName: 'other.csv' }])).toBe(2);
  });

  it('preselects the category most files have, never "not sure yet"', () => {
    const file = (id: string, category: string | null, status = 'processed') => ({
      id,
      originalName: `${id}.csv`,
      status,
      fileMetadata: { category },
    });
    expect(preselectedCategory([file('a', 'transport_legs'), file('b', 'supplier_list'), file('c', 'transport_legs')] as never)).toBe(
      'transport_legs',
    );
    expect(preselectedCategory([file('a', 'unknown'), file('b', null)] as never)).toBeNull();
    expect(preselectedCategory([file('a', 'site_energy', 'cancelled')] as never)).toBeNull();
  });

  it('says the default title and the counts in words', () => {
    expect(defaultRequestTitle('transport_legs', '2025-q3')).toBe('Transport legs data for 2025-Q3');
    expect(defaultRequestTitle('', '2025')).toBe('');
    expect(matchingLine({ totalSuppliers: 3, matchCount: 1, semiMatchCount: 1, notMatchCount: 1 })).toBe(
      '3 found — 1 matched, 1 to confirm, 1 unknown',
    );
    expect(scoreWords(0.93)).toBe('Very close (93%)');
    expect(scoreWords(0.6)).toBe('Partly similar (60%)');
  });
});

describe('sendRequestSchema', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const schema = sendRequestSchema(now, 'Europe/Oslo');
  const valid = {
    requiredUploadPurpose: 'transport_legs',
    requiredUploadSecondaryPurpose: '2025-q3',
    deadline: '2026-03-31',
    title: '',
    message: '  ',
  };

  it('takes the deadline as the end of that day in the zone, and the period as the shared rule writes it', () => {
    const parsed = schema.parse(valid);
    expect(parsed.deadline.toISOString()).toBe('2026-03-31T21:59:00.000Z');
    expect(parsed.requiredUploadSecondaryPurpose).toBe('2025-Q3');
    expect(parsed.title).toBeNull();
    expect(parsed.message).toBeNull();
    expect(endOfDay('2026-07-01', 'UTC').toISOString()).toBe('2026-07-01T23:59:00.000Z');
  });

  it('sends what the API accepts, with the default title the API gives', () => {
    const parsed = schema.parse(valid);
    const checked = dataRequestInputSchema(now).parse(parsed);
    expect(checked).toMatchObject({ requiredUploadPurpose: 'transport_legs', requiredUploadSecondaryPurpose: '2025-Q3', message: null });
    expect(checked.title).toBe(defaultRequestTitle(valid.requiredUploadPurpose, valid.requiredUploadSecondaryPurpose));
  });

  it('refuses a past deadline, a wrong period and a missing category with the words shown', () => {
    const result = schema.safeParse({
      ...valid,
      requiredUploadPurpose: '',
      requiredUploadSecondaryPurpose: 'last year',
      deadline: '2026-03-01',
    });
    expect(result.success).toBe(false);
    // The first problem of each field is the one the form shows.
    const messages: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
    expect(messages).toEqual({
      requiredUploadPurpose: 'Choose the data you ask for',
      requiredUploadSecondaryPurpose: expect.stringMatching(/^The reporting period must be a year, quarter/),
      deadline: 'The deadline must be in the future',
    });
  });
});
