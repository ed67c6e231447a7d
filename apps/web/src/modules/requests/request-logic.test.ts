import { describe, expect, it } from 'vitest';
import { defaultRequestTitle, endOfDay, newRequestSchema } from './new-request-schema.ts';
import { deadlineWording, periodLabel, requestHistory, requestState, toRequestsFilter } from './request-logic.ts';

const NOW = new Date('2026-03-18T10:00:00Z');
const OSLO = 'Europe/Oslo';
const formatDate = (value: string) => value.slice(0, 10);

describe('deadlineWording', () => {
  const wording = (deadline: string, open = true, timeZone = OSLO) => deadlineWording(new Date(deadline), NOW, { open, timeZone });

  it('counts calendar days in the screen’s zone', () => {
    expect(wording('2026-03-18T21:00:00Z')).toEqual({ text: 'Due today', tone: 'soon' });
    // 23:30 UTC is already the 19th in Oslo, but still the 18th in UTC.
    expect(wording('2026-03-18T23:30:00Z')).toEqual({ text: 'Due tomorrow', tone: 'soon' });
    expect(wording('2026-03-18T23:30:00Z', true, 'UTC')).toEqual({ text: 'Due today', tone: 'soon' });
    expect(wording('2026-03-23T12:00:00Z')).toEqual({ text: 'In 5 days', tone: 'soon' });
    expect(wording('2026-04-30T12:00:00Z')).toEqual({ text: 'In 43 days', tone: 'later' });
  });

  it('says how late an open request is, and nothing once it is not the supplier’s turn', () => {
    expect(wording('2026-03-18T08:00:00Z')).toEqual({ text: 'Overdue since today', tone: 'overdue' });
    expect(wording('2026-03-17T22:59:00Z')).toEqual({ text: '1 day overdue', tone: 'overdue' });
    expect(wording('2026-03-15T12:00:00Z')).toEqual({ text: '3 days overdue', tone: 'overdue' });
    expect(wording('2026-03-15T12:00:00Z', false)).toEqual({ text: '', tone: 'none' });
  });
});

describe('periodLabel', () => {
  it('reads the reporting periods the shared rules allow', () => {
    expect(periodLabel('2025')).toBe('2025');
    expect(periodLabel('2025-Q3')).toBe('Q3 2025');
    expect(periodLabel('2025-H1')).toBe('H1 2025');
    expect(periodLabel('2025-07')).toBe('July 2025');
    expect(periodLabel(null)).toBe('—');
  });
});

describe('the list filter', () => {
  it('always asks for the requests the organisation sent, with the filters in use', () => {
    expect(toRequestsFilter({ search: '', status: '', period: '' })).toEqual({ side: 'customer' });
    expect(toRequestsFilter({ search: 'bunker', status: 'overdue', period: '2025-Q3' })).toEqual({
      side: 'customer',
      search: 'bunker',
      status: 'overdue',
      period: '2025-Q3',
    });
  });
});

const task = {
  status: 'requested' as const,
  displayStatus: 'requested' as const,
  deadline: '2026-03-31T21:59:00Z',
  createdAt: '2026-03-01T09:00:00Z',
  updatedAt: '2026-03-01T09:00:00Z',
  submittedAt: null,
  acceptedAt: null,
  reviews: [],
};
const review = (createdAt: string, comments: number) => ({
  id: createdAt,
  message: 'Fix the fuel types',
  createdAt,
  createdByEmail: 'astrid@nordwind.example',
  comments: Array.from({ length: comments }, (_, i) => ({ rowNumber: i + 1, field: null, message: 'x' })),
});

describe('requestState', () => {
  it('says whose turn it is and since when, for each status', () => {
    expect(requestState(task, formatDate).title).toBe('Waiting for the supplier');
    expect(requestState({ ...task, status: 'in_progress', displayStatus: 'in_progress' }, formatDate).title).toBe(
      'The supplier is preparing the answer',
    );
    expect(
      requestState({ ...task, status: 'submitted', displayStatus: 'submitted', submittedAt: '2026-03-20T08:00:00Z' }, formatDate).title,
    ).toBe('Submitted on 2026-03-20');
    expect(
      requestState(
        {
          ...task,
          status: 'returned',
          displayStatus: 'returned',
          reviews: [review('2026-03-22T08:00:00Z', 3), review('2026-03-21T08:00:00Z', 1)],
        },
        formatDate,
      ).title,
    ).toBe('Returned on 2026-03-22 with 3 comments');
    expect(
      requestState({ ...task, status: 'accepted', displayStatus: 'accepted', acceptedAt: '2026-03-25T08:00:00Z' }, formatDate).title,
    ).toBe('Accepted on 2026-03-25');
    expect(requestState({ ...task, displayStatus: 'overdue' }, formatDate).title).toBe('Overdue since 2026-03-31');
  });
});

describe('requestHistory', () => {
  it('lists what happened, oldest first', () => {
    const history = requestHistory({
      ...task,
      status: 'accepted',
      displayStatus: 'accepted',
      submittedAt: '2026-03-23T08:00:00Z',
      acceptedAt: '2026-03-24T08:00:00Z',
      reviews: [review('2026-03-21T08:00:00Z', 2)],
    });
    expect(history.map((e) => e.text)).toEqual(['Request sent', 'Returned with 2 comments', 'Submitted (latest)', 'Accepted']);
    expect(history[1]?.by).toBe('astrid@nordwind.example');
  });
});

describe('newRequestSchema', () => {
  const schema = newRequestSchema(NOW, OSLO);
  const valid = {
    supplierOrganizationId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
    requiredUploadPurpose: 'vessel_fuel_consumption',
    requiredUploadSecondaryPurpose: ' 2025-q3 ',
    deadline: '2026-04-30',
    title: '',
    message: '',
  };

  it('makes the inputs of createCalendar and createCalendarTask: due by the end of the day in the zone, a title made up', () => {
    expect(schema.parse(valid)).toEqual({
      supplierOrganizationId: valid.supplierOrganizationId,
      requiredUploadPurpose: 'vessel_fuel_consumption',
      requiredUploadSecondaryPurpose: '2025-Q3',
      deadline: new Date('2026-04-30T21:59:00Z'),
      title: 'Vessel fuel consumption data for Q3 2025',
      message: null,
    });
    expect(endOfDay('2026-01-15', OSLO).toISOString()).toBe('2026-01-15T22:59:00.000Z');
    expect(defaultRequestTitle('transport_legs', null)).toBe('Transport legs data');
  });

  it('refuses what the API would refuse, with the form’s words', () => {
    const result = schema.safeParse({
      ...valid,
      supplierOrganizationId: '',
      requiredUploadPurpose: '',
      requiredUploadSecondaryPurpose: '2025-Q5',
      deadline: '2026-03-17',
    });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [])).toEqual({
      supplierOrganizationId: 'Choose the supplier',
      requiredUploadPurpose: 'Choose the data you ask for',
      requiredUploadSecondaryPurpose: 'The reporting period must be a year, quarter, half or month, like 2025, 2025-Q3, 2025-H1 or 2025-07',
      deadline: 'The deadline must be in the future',
    });
  });
});
