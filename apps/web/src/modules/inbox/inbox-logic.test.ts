import { describe, expect, it } from 'vitest';
import { readListParams } from '../../lib/list-params.ts';
import type { AnswerFile } from './graphql.ts';
import {
  answerState,
  deadlineWording,
  INBOX_LIST,
  inboxCounts,
  inboxFilterRefusal,
  nameList,
  nextStep,
  toInboxFilter,
} from './inbox-logic.ts';
import { commentPlace, entriesLinkForRow } from './review-logic.ts';

const NOW = new Date('2026-03-10T10:00:00Z');
const open = { open: true, overdue: false, timeZone: 'UTC' };

describe('deadline wording', () => {
  it('counts calendar days ahead for a request the supplier still has to answer', () => {
    expect(deadlineWording('2026-03-13T17:00:00Z', NOW, open)).toEqual({ text: 'due in 3 days', tone: 'soon' });
    expect(deadlineWording('2026-03-11T08:00:00Z', NOW, open)).toEqual({ text: 'due tomorrow', tone: 'soon' });
    expect(deadlineWording('2026-03-10T23:00:00Z', NOW, open)).toEqual({ text: 'due today', tone: 'soon' });
    expect(deadlineWording('2026-04-30T12:00:00Z', NOW, open)).toEqual({ text: 'due in 51 days', tone: 'later' });
  });

  it('says how many days late an overdue request is', () => {
    expect(deadlineWording('2026-03-08T09:00:00Z', NOW, { ...open, overdue: true })).toEqual({ text: '2 days overdue', tone: 'overdue' });
    expect(deadlineWording('2026-03-09T09:00:00Z', NOW, { ...open, overdue: true })).toEqual({ text: '1 day overdue', tone: 'overdue' });
    expect(deadlineWording('2026-03-10T08:00:00Z', NOW, { ...open, overdue: true })).toEqual({ text: 'overdue', tone: 'overdue' });
  });

  it('believes the server on overdue even when this clock says the deadline is ahead', () => {
    expect(deadlineWording('2026-03-20T09:00:00Z', NOW, { ...open, overdue: true })).toEqual({ text: 'overdue', tone: 'overdue' });
  });

  it('counts days in the reader’s zone', () => {
    // 23:30 UTC on the 10th is 00:30 on the 11th in Oslo, the deadline's own day there (23:00 on the 11th).
    const late = new Date('2026-03-10T23:30:00Z');
    expect(deadlineWording('2026-03-11T22:00:00Z', late, { ...open, timeZone: 'UTC' }).text).toBe('due tomorrow');
    expect(deadlineWording('2026-03-11T22:00:00Z', late, { ...open, timeZone: 'Europe/Oslo' }).text).toBe('due today');
  });

  it('says nothing of a deadline once it is not the supplier’s turn', () => {
    expect(deadlineWording('2026-03-08T09:00:00Z', NOW, { open: false, overdue: false, timeZone: 'UTC' })).toEqual({
      text: '',
      tone: 'none',
    });
  });
});

const file = (name: string, patch: Partial<AnswerFile> = {}, validation: Partial<AnswerFile['validation']> = {}): AnswerFile => ({
  id: name,
  originalName: name,
  status: 'processed',
  updatedAt: '2026-03-01T00:00:00Z',
  error: null,
  ...patch,
  validation: {
    fileId: name,
    status: 'validated',
    isValid: true,
    errorCount: 0,
    warningCount: 0,
    validRows: 10,
    invalidRows: 0,
    totalRows: 10,
    category: 'vessel_fuel_consumption',
    failureReason: null,
    ...validation,
  },
});

describe('how far the answer got', () => {
  it('names the step each file is missing', () => {
    expect(answerState(null)).toEqual({ kind: 'none' });
    expect(answerState([])).toEqual({ kind: 'empty' });
    expect(answerState([file('a.xlsx', { status: 'failed' })])).toEqual({ kind: 'empty' });
    expect(answerState([file('a.xlsx', { status: 'processing' }), file('b.csv')])).toEqual({ kind: 'reading', files: ['a.xlsx'] });
    expect(answerState([file('a.xlsx', {}, { status: 'not_started' }), file('b.csv')])).toEqual({ kind: 'to-validate', files: ['a.xlsx'] });
    expect(answerState([file('a.xlsx', {}, { isValid: false, errorCount: 3 })])).toEqual({ kind: 'invalid', files: ['a.xlsx'] });
    expect(answerState([file('a.xlsx'), file('b.csv', { status: 'cancelled' })])).toEqual({ kind: 'ready', files: 1 });
  });

  it('lists names in words', () => {
    expect(nameList(['a'])).toBe('a');
    expect(nameList(['a', 'b'])).toBe('a and b');
    expect(nameList(['a', 'b', 'c'])).toBe('a, b and c');
    expect(nameList(['a', 'b', 'c', 'd'])).toBe('a, b and 2 more');
  });
});

describe('what to do next', () => {
  const step = (status: string, answer = answerState(null), isOverdue = false) =>
    nextStep({ status, isOverdue, customer: 'Nordic Bulk', answer });

  it('walks the supplier through template, answer and submit', () => {
    expect(step('requested')).toBe('Download the template, fill it in, and upload it as your answer.');
    expect(step('in_progress', answerState([]))).toBe('Add your filled-in file to the answer upload.');
    expect(step('in_progress', answerState([file('fuel.xlsx', {}, { status: 'not_started' })]))).toBe(
      'Map and validate fuel.xlsx, then submit your answer to Nordic Bulk.',
    );
    expect(step('in_progress', answerState([file('fuel.xlsx')]))).toBe('Your answer is validated. Submit it to Nordic Bulk.');
  });

  it('says whose turn it is after submitting', () => {
    expect(step('submitted')).toBe('Nordic Bulk is reviewing your answer. You can take it back until they accept or return it.');
    expect(step('returned')).toBe(
      'Nordic Bulk returned your answer with comments. Start on the comments, correct the file, validate it again and resubmit.',
    );
    expect(step('accepted')).toBe('Nordic Bulk accepted your answer. Nothing more to do: its entries are shared with Nordic Bulk only.');
    expect(step('cancelled')).toBe('Nordic Bulk withdrew this request. Nothing more to do.');
  });

  it('says first when the deadline has passed', () => {
    expect(step('requested', answerState(null), true)).toBe(
      'The deadline has passed. Download the template, fill it in, and upload it as your answer.',
    );
  });
});

describe('inbox filters in the address', () => {
  const CUSTOMER = '0b6a3c6e-8d0e-4a57-9d55-2d1b0c3f4e5a';

  it('reads status (overdue included), customer, period and search, and drops what is not allowed', () => {
    const read = readListParams(new URLSearchParams(`status=overdue&customer=${CUSTOMER}&period=2025-q3&search=bunker`), INBOX_LIST);
    expect(read.filters).toEqual({ status: 'overdue', customer: CUSTOMER, period: '2025-Q3', search: 'bunker' });
    const wrong = readListParams(new URLSearchParams('status=late&customer=acme&period=Q3'), INBOX_LIST);
    expect(wrong.filters).toEqual({ status: '', customer: '', period: '', search: '' });
  });

  it('always asks for the requests sent to the caller, with the filters in use', () => {
    expect(toInboxFilter({ status: '', customer: '', period: '', search: '' })).toEqual({ side: 'supplier' });
    expect(toInboxFilter({ status: 'overdue', customer: CUSTOMER, period: '2025', search: 'fuel' })).toEqual({
      side: 'supplier',
      status: 'overdue',
      customerOrganizationId: CUSTOMER,
      period: '2025',
      search: 'fuel',
    });
  });

  it('refuses a period that is not one before it reaches the address', () => {
    expect(inboxFilterRefusal({ status: '', customer: '', period: 'last year', search: '' })).toMatch(/year, quarter, half or month/);
    expect(inboxFilterRefusal({ status: '', customer: '', period: '2025-H1', search: '' })).toBeNull();
  });
});

describe('counts above the inbox', () => {
  it('adds up the supplier’s turn as to do, overdue ones included', () => {
    const total = (n: number) => ({ pageInfo: { totalCount: n } });
    expect(
      inboxCounts({
        requested: total(3),
        inProgress: total(2),
        returned: total(1),
        overdue: total(2),
        submitted: total(4),
        accepted: total(7),
      }),
    ).toEqual({ toDo: 8, overdue: 2, waiting: 4, accepted: 7 });
  });
});

describe('review comments', () => {
  const labels = new Map([['fuel_type', 'Fuel type']]);
  it('say where they are', () => {
    expect(commentPlace({ rowNumber: 12, field: 'fuel_type', message: 'x' }, labels)).toBe('Row 12 · Fuel type');
    expect(commentPlace({ rowNumber: 12, message: 'x' }, labels)).toBe('Row 12');
    expect(commentPlace({ field: 'fuel_type', message: 'x' }, labels)).toBe('Fuel type (every row)');
    expect(commentPlace({ field: 'imo_number', message: 'x' }, labels)).toBe('imo_number (every row)');
  });

  it('link a row to the entries of the answer’s only file', () => {
    expect(entriesLinkForRow({ rowNumber: 4, message: 'x' }, 'f1')).toBe('/app/data-entries?file=f1&sort=row');
    expect(entriesLinkForRow({ rowNumber: 4, message: 'x' }, null)).toBeNull();
    expect(entriesLinkForRow({ field: 'fuel_type', message: 'x' }, 'f1')).toBeNull();
  });
});
