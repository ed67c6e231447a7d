import { describe, expect, it } from 'vitest';
import {
  createCalendarSchema,
  createCalendarTaskSchema,
  reportingPeriodRange,
  reportingPeriodSchema,
  reviewSchema,
  taskDatesRefusal,
  taskEndDateRefusal,
  updateCalendarTaskSchema,
} from './inputs.ts';

const now = new Date('2026-06-15T12:00:00Z');
const calendarId = '7f1f6c1e-5b8a-4a57-9d6c-1f2e3d4c5b6a';
const parentTaskId = '0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
const supplierOrganizationId = '5c4b3a29-1807-4f6e-9d5c-4b3a29180706';
const firstIssue = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => {
  const issue = result.error?.issues[0];
  return issue ? { message: issue.message, path: issue.path } : undefined;
};

describe('createCalendar', () => {
  const schema = createCalendarSchema(now);

  it('takes a future deadline as a Date or an ISO date-time with offset', () => {
    expect(schema.parse({ deadline: '2026-12-31T17:00:00+01:00' }).deadline.toISOString()).toBe('2026-12-31T16:00:00.000Z');
    const deadline = new Date('2026-07-01T00:00:00Z');
    expect(schema.parse({ deadline }).deadline).toEqual(deadline);
  });

  it('refuses a past, a present, a far or a malformed deadline, saying which', () => {
    expect(firstIssue(schema.safeParse({ deadline: '2026-06-15T12:00:00Z' }))).toEqual({
      message: 'The deadline must be in the future',
      path: ['deadline'],
    });
    expect(firstIssue(schema.safeParse({ deadline: new Date('2020-01-01T00:00:00Z') }))?.message).toBe(
      'The deadline must be in the future',
    );
    expect(firstIssue(schema.safeParse({ deadline: '2032-01-01T00:00:00Z' }))?.message).toBe('The deadline must be within 5 years');
    expect(schema.safeParse({ deadline: '2026-12-31' }).success).toBe(false);
    expect(schema.safeParse({ deadline: new Date('nonsense') }).success).toBe(false);
  });
});

describe('createCalendarTask', () => {
  const schema = createCalendarTaskSchema(now);
  const request = { calendarId, title: '  Fuel 2025  ', taskType: 'data_request', supplierOrganizationId };
  const subtask = { calendarId, title: 'MV Nordlys', taskType: 'subtask' };

  it('trims the title, drops an empty subtitle and uppercases the reporting period', () => {
    expect(
      schema.parse({
        ...request,
        subTitle: ' ',
        requiredUploadPurpose: 'vessel_fuel_consumption',
        requiredUploadSecondaryPurpose: '2025-q3',
      }),
    ).toMatchObject({ title: 'Fuel 2025', subTitle: null, requiredUploadSecondaryPurpose: '2025-Q3' });
  });

  it('refuses an empty or long title', () => {
    expect(firstIssue(schema.safeParse({ ...request, title: ' ' }))).toEqual({ message: 'Enter a title', path: ['title'] });
    expect(firstIssue(schema.safeParse({ ...request, title: 'x'.repeat(201) }))?.message).toBe('The title must be at most 200 characters');
  });

  it('refuses an end date before the start date or in the past', () => {
    const dates = { startDate: '2026-07-10T00:00:00Z', endDate: '2026-07-01T00:00:00Z' };
    expect(firstIssue(schema.safeParse({ ...request, ...dates }))).toEqual({
      message: 'The end date cannot be before the start date',
      path: ['endDate'],
    });
    expect(firstIssue(schema.safeParse({ ...request, endDate: '2026-06-01T00:00:00Z' }))?.message).toBe(
      'The end date must be in the future',
    );
    expect(schema.safeParse({ ...request, startDate: '2026-07-01T00:00:00Z', endDate: '2026-07-01T00:00:00Z' }).success).toBe(true);
  });

  it('asks a subtask for its parent and refuses a parent on a data request', () => {
    expect(firstIssue(schema.safeParse(subtask))).toEqual({
      message: 'A subtask needs the request it belongs to',
      path: ['parentTaskId'],
    });
    expect(firstIssue(schema.safeParse({ ...request, parentTaskId }))?.message).toBe(
      'A data request cannot have a parent; create it as a subtask',
    );
    expect(schema.safeParse({ ...subtask, parentTaskId }).success).toBe(true);
    expect(firstIssue(schema.safeParse({ ...request, taskType: 'reminder' }))?.message).toBe(
      'The task type must be one of data_request, subtask',
    );
  });

  it('takes a known file category as the required data, never unknown, and a period only with it', () => {
    expect(firstIssue(schema.safeParse({ ...request, requiredUploadPurpose: 'unknown' }))?.path).toEqual(['requiredUploadPurpose']);
    expect(firstIssue(schema.safeParse({ ...request, requiredUploadPurpose: 'unknown' }))?.message).toMatch(
      /^The required data must be one of vessel_fuel_consumption \(Vessel fuel consumption\), /,
    );
    expect(firstIssue(schema.safeParse({ ...request, requiredUploadSecondaryPurpose: '2025' }))).toEqual({
      message: 'Choose the required data before its reporting period',
      path: ['requiredUploadPurpose'],
    });
  });

  it('asks a data request for its supplier and refuses one on a subtask', () => {
    expect(firstIssue(schema.safeParse({ ...request, supplierOrganizationId: undefined }))).toEqual({
      message: 'Choose the supplier to ask',
      path: ['supplierOrganizationId'],
    });
    expect(firstIssue(schema.safeParse({ ...subtask, parentTaskId, supplierOrganizationId }))).toEqual({
      message: "A subtask is for its request's supplier; leave the supplier out",
      path: ['supplierOrganizationId'],
    });
    expect(firstIssue(schema.safeParse({ ...request, supplierOrganizationId: 'acme' }))?.message).toBe(
      'The supplier organization id must be a UUID',
    );
  });

  it('takes a message of at most 2000 characters, trimmed, an empty one as none', () => {
    expect(schema.parse({ ...request, message: '  Please use the template.  ' }).message).toBe('Please use the template.');
    expect(schema.parse({ ...request, message: '   ' }).message).toBeNull();
    expect(schema.safeParse({ ...request, message: 'x'.repeat(2000) }).success).toBe(true);
    expect(firstIssue(schema.safeParse({ ...request, message: 'x'.repeat(2001) }))).toEqual({
      message: 'The message must be at most 2000 characters',
      path: ['message'],
    });
  });

  it('refuses ids that are not UUIDs, naming the field', () => {
    expect(firstIssue(schema.safeParse({ ...request, calendarId: '42' }))).toEqual({
      message: 'The calendar id must be a UUID',
      path: ['calendarId'],
    });
    expect(firstIssue(schema.safeParse({ ...request, assignedUserId: 'me' }))?.message).toBe('The assigned user id must be a UUID');
  });
});

describe('reporting periods', () => {
  it.each([
    ['2025', { from: '2025-01-01', to: '2025-12-31' }],
    ['2025-Q3', { from: '2025-07-01', to: '2025-09-30' }],
    ['2025-H1', { from: '2025-01-01', to: '2025-06-30' }],
    ['2024-02', { from: '2024-02-01', to: '2024-02-29' }],
    ['2025-02', { from: '2025-02-01', to: '2025-02-28' }],
    ['2025-Q4', { from: '2025-10-01', to: '2025-12-31' }],
  ])('%s covers %j', (period, range) => {
    expect(reportingPeriodSchema.parse(period)).toBe(period);
    expect(reportingPeriodRange(period)).toEqual(range);
  });

  it('refuses anything else with an example', () => {
    for (const bad of ['2025-Q5', '2025-13', '2025-7', 'FY2025', '25', '2025/07', '2025-H3', ''])
      expect(reportingPeriodSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        'The reporting period must be a year, quarter, half or month, like 2025, 2025-Q3, 2025-H1 or 2025-07',
      );
    expect(reportingPeriodSchema.safeParse('1900').error?.issues[0]?.message).toBe(
      "The reporting period's year must be between 1990 and 2100",
    );
  });
});

describe('updateCalendarTask', () => {
  const schema = updateCalendarTaskSchema(now);
  const id = calendarId;
  const review = { message: 'Two rows need another look', comments: [{ rowNumber: 4, message: 'The IMO number fails its check digit' }] };

  it('leaves absent fields out and clears an optional one with null', () => {
    expect(schema.parse({ id, subTitle: null })).toEqual({ id, subTitle: null });
    expect(schema.parse({ id, message: null })).toEqual({ id, message: null });
    expect(firstIssue(schema.safeParse({ id, message: 'x'.repeat(2001) }))?.message).toBe('The message must be at most 2000 characters');
    expect(schema.parse({ id, status: 'submitted' })).toEqual({ id, status: 'submitted' });
  });

  it('needs a review to return a request and takes one only then', () => {
    expect(firstIssue(schema.safeParse({ id, status: 'returned' }))).toEqual({
      message: 'Say what to change when returning a request',
      path: ['review'],
    });
    expect(firstIssue(schema.safeParse({ id, status: 'accepted', review }))?.message).toBe('A review goes only with returning a request');
    expect(schema.parse({ id, status: 'returned', review }).review?.comments).toHaveLength(1);
  });

  it('refuses an unknown status; overdue is not one', () => {
    expect(firstIssue(schema.safeParse({ id, status: 'overdue' }))?.message).toBe(
      'The status must be one of requested, in_progress, submitted, returned, accepted, cancelled',
    );
  });

  it('checks dates given together here and against the stored ones with the helpers', () => {
    expect(firstIssue(schema.safeParse({ id, startDate: '2026-08-01T00:00:00Z', endDate: '2026-07-01T00:00:00Z' }))?.path).toEqual([
      'endDate',
    ]);
    expect(taskDatesRefusal(new Date('2026-08-01T00:00:00Z'), new Date('2026-07-01T00:00:00Z'))).toBe(
      'The end date cannot be before the start date',
    );
    expect(taskDatesRefusal(null, new Date('2026-07-01T00:00:00Z'))).toBeNull();
    const deadline = new Date('2026-09-30T00:00:00Z');
    expect(taskEndDateRefusal(new Date('2026-10-01T00:00:00Z'), deadline)).toBe("The end date cannot be after the calendar's deadline");
    expect(taskEndDateRefusal(deadline, deadline)).toBeNull();
  });
});

describe('review of a returned request', () => {
  it('takes comments per row, per field or per cell', () => {
    const parsed = reviewSchema.parse({
      message: ' See the comments ',
      comments: [
        { rowNumber: 4, message: 'Wrong IMO' },
        { field: 'fuelType', message: 'Use the fuel names from the list' },
        { rowNumber: 9, field: 'quantity', message: 'Negative' },
      ],
    });
    expect(parsed.message).toBe('See the comments');
    expect(parsed.comments).toHaveLength(3);
    expect(reviewSchema.parse({ message: 'Redo the file' }).comments).toEqual([]);
  });

  it('refuses an empty message, an empty or long comment and a comment about nothing, saying where', () => {
    expect(firstIssue(reviewSchema.safeParse({ message: '' }))).toEqual({ message: 'Say what to change', path: ['message'] });
    expect(firstIssue(reviewSchema.safeParse({ message: 'x'.repeat(2001) }))?.message).toBe('The message must be at most 2000 characters');
    expect(firstIssue(reviewSchema.safeParse({ message: 'm', comments: [{ rowNumber: 1, message: ' ' }] }))).toEqual({
      message: 'Write the comment',
      path: ['comments', 0, 'message'],
    });
    expect(firstIssue(reviewSchema.safeParse({ message: 'm', comments: [{ rowNumber: 1, message: 'x'.repeat(1001) }] }))?.message).toBe(
      'A comment must be at most 1000 characters',
    );
    expect(firstIssue(reviewSchema.safeParse({ message: 'm', comments: [{ message: 'Fix it' }] }))).toEqual({
      message: 'A comment must name a row, a field, or both',
      path: ['comments', 0, 'rowNumber'],
    });
  });

  it('refuses a bad row number or field key', () => {
    expect(firstIssue(reviewSchema.safeParse({ message: 'm', comments: [{ rowNumber: 0, message: 'x' }] }))?.message).toBe(
      'The row number must be 1 or more',
    );
    expect(firstIssue(reviewSchema.safeParse({ message: 'm', comments: [{ rowNumber: 2.5, message: 'x' }] }))?.message).toBe(
      'The row number must be a whole number',
    );
    expect(firstIssue(reviewSchema.safeParse({ message: 'm', comments: [{ field: 'fuel type', message: 'x' }] }))).toEqual({
      message: 'The field must be a field key, like imoNumber',
      path: ['comments', 0, 'field'],
    });
  });

  it('refuses too many comments and two about the same place', () => {
    const many = Array.from({ length: 501 }, (_, i) => ({ rowNumber: i + 1, message: 'x' }));
    expect(firstIssue(reviewSchema.safeParse({ message: 'm', comments: many }))?.message).toBe(
      'At most 500 comments; say the rest in the message',
    );
    expect(reviewSchema.safeParse({ message: 'm', comments: many.slice(0, 500) }).success).toBe(true);
    const twice = [
      { rowNumber: 3, field: 'quantity', message: 'a' },
      { rowNumber: 3, message: 'b' },
      { rowNumber: 3, field: 'quantity', message: 'c' },
    ];
    expect(firstIssue(reviewSchema.safeParse({ message: 'm', comments: twice }))).toEqual({
      message: 'Comments 1 and 3 are both about row 3, field quantity; combine them',
      path: ['comments', 2],
    });
  });
});
