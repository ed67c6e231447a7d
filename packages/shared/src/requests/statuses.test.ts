import { describe, expect, it } from 'vitest';
import {
  addSubtaskRefusal,
  CALENDAR_TASK_STATUSES,
  CALENDAR_TASK_TRANSITIONS,
  type CalendarTaskStatus,
  calendarTaskDisplayStatus,
  calendarTaskTransitionsFor,
  canTransition,
  deriveParentTaskStatus,
  effectiveDeadline,
  isCalendarTaskOverdue,
  isRefusedForActor,
  submitRefusal,
  transitionRefusal,
} from './statuses.ts';

/** Every pair of statuses: what the customer and the supplier are told (null: allowed). */
const EVERY_CHANGE: [CalendarTaskStatus, CalendarTaskStatus, string | null, string | null][] = [
  ['requested', 'requested', 'The request is already requested.', 'The request is already requested.'],
  ['requested', 'in_progress', 'Only the supplier can work on a request.', null],
  ['requested', 'submitted', 'Only the supplier can submit a request.', null],
  [
    'requested',
    'returned',
    'A request that has not been started cannot be returned. The supplier must submit it first.',
    'Only the customer can return a request.',
  ],
  [
    'requested',
    'accepted',
    'A request that has not been started cannot be accepted. The supplier must submit it first.',
    'Only the customer can accept a request.',
  ],
  ['requested', 'cancelled', null, 'Only the customer can cancel a request.'],
  [
    'in_progress',
    'requested',
    'A request that is in progress cannot be set back to requested.',
    'A request that is in progress cannot be set back to requested.',
  ],
  ['in_progress', 'in_progress', 'The request is already in progress.', 'The request is already in progress.'],
  ['in_progress', 'submitted', 'Only the supplier can submit a request.', null],
  [
    'in_progress',
    'returned',
    'A request that is in progress cannot be returned. The supplier must submit it first.',
    'Only the customer can return a request.',
  ],
  [
    'in_progress',
    'accepted',
    'A request that is in progress cannot be accepted. The supplier must submit it first.',
    'Only the customer can accept a request.',
  ],
  ['in_progress', 'cancelled', null, 'Only the customer can cancel a request.'],
  [
    'submitted',
    'requested',
    'A request that is submitted cannot be set back to requested.',
    'A request that is submitted cannot be set back to requested.',
  ],
  ['submitted', 'in_progress', 'Only the supplier can work on a request.', null],
  ['submitted', 'submitted', 'The request is already submitted.', 'The request is already submitted.'],
  ['submitted', 'returned', null, 'Only the customer can return a request.'],
  ['submitted', 'accepted', null, 'Only the customer can accept a request.'],
  ['submitted', 'cancelled', null, 'Only the customer can cancel a request.'],
  [
    'returned',
    'requested',
    'A request that is returned cannot be set back to requested.',
    'A request that is returned cannot be set back to requested.',
  ],
  ['returned', 'in_progress', 'Only the supplier can work on a request.', null],
  ['returned', 'submitted', 'Only the supplier can submit a request.', null],
  ['returned', 'returned', 'The request is already returned with comments.', 'The request is already returned with comments.'],
  [
    'returned',
    'accepted',
    'A request that is returned cannot be accepted. The supplier must submit it first.',
    'Only the customer can accept a request.',
  ],
  ['returned', 'cancelled', null, 'Only the customer can cancel a request.'],
  [
    'accepted',
    'requested',
    'A request that is accepted cannot be set back to requested. An accepted request is final; ask for the data again with a new request.',
    'A request that is accepted cannot be set back to requested. An accepted request is final; ask for the data again with a new request.',
  ],
  [
    'accepted',
    'in_progress',
    'Only the supplier can work on a request.',
    'A request that is accepted cannot be started. An accepted request is final; ask for the data again with a new request.',
  ],
  [
    'accepted',
    'submitted',
    'Only the supplier can submit a request.',
    'A request that is accepted cannot be submitted. An accepted request is final; ask for the data again with a new request.',
  ],
  [
    'accepted',
    'returned',
    'A request that is accepted cannot be returned. An accepted request is final; ask for the data again with a new request.',
    'Only the customer can return a request.',
  ],
  ['accepted', 'accepted', 'The request is already accepted.', 'The request is already accepted.'],
  [
    'accepted',
    'cancelled',
    'A request that is accepted cannot be cancelled. An accepted request is final; ask for the data again with a new request.',
    'Only the customer can cancel a request.',
  ],
  [
    'cancelled',
    'requested',
    'A request that is cancelled cannot be set back to requested. A cancelled request is final; ask for the data again with a new request.',
    'A request that is cancelled cannot be set back to requested. A cancelled request is final; ask for the data again with a new request.',
  ],
  [
    'cancelled',
    'in_progress',
    'Only the supplier can work on a request.',
    'A request that is cancelled cannot be started. A cancelled request is final; ask for the data again with a new request.',
  ],
  [
    'cancelled',
    'submitted',
    'Only the supplier can submit a request.',
    'A request that is cancelled cannot be submitted. A cancelled request is final; ask for the data again with a new request.',
  ],
  [
    'cancelled',
    'returned',
    'A request that is cancelled cannot be returned. A cancelled request is final; ask for the data again with a new request.',
    'Only the customer can return a request.',
  ],
  [
    'cancelled',
    'accepted',
    'A request that is cancelled cannot be accepted. A cancelled request is final; ask for the data again with a new request.',
    'Only the customer can accept a request.',
  ],
  ['cancelled', 'cancelled', 'The request is already cancelled.', 'The request is already cancelled.'],
];

describe('calendar task transitions by people', () => {
  it('covers every pair of statuses', () => {
    expect(EVERY_CHANGE).toHaveLength(CALENDAR_TASK_STATUSES.length ** 2);
  });

  it.each(EVERY_CHANGE)('%s → %s: customer and supplier answers', (from, to, customer, supplier) => {
    expect(transitionRefusal(from, to, 'customer')).toBe(customer);
    expect(transitionRefusal(from, to, 'supplier')).toBe(supplier);
    expect(canTransition(from, to, 'customer')).toBe(customer === null);
    expect(canTransition(from, to, 'supplier')).toBe(supplier === null);
  });

  it('lists what each side may do, matching the table', () => {
    expect(calendarTaskTransitionsFor('supplier')).toEqual({
      requested: ['in_progress', 'submitted'],
      in_progress: ['submitted'],
      submitted: ['in_progress'],
      returned: ['in_progress', 'submitted'],
      accepted: [],
      cancelled: [],
    });
    expect(calendarTaskTransitionsFor('customer')).toEqual({
      requested: ['cancelled'],
      in_progress: ['cancelled'],
      submitted: ['returned', 'accepted', 'cancelled'],
      returned: ['cancelled'],
      accepted: [],
      cancelled: [],
    });
  });

  it('tells a refusal about who asks (forbidden) from one about the status (conflict)', () => {
    expect(isRefusedForActor('submitted', 'accepted', 'supplier')).toBe(true);
    expect(isRefusedForActor('requested', 'accepted', 'customer')).toBe(false);
    expect(isRefusedForActor('in_progress', 'requested', 'customer')).toBe(false);
    expect(isRefusedForActor('accepted', 'accepted', 'customer')).toBe(false);
  });

  it('words a subtask as a subtask', () => {
    expect(transitionRefusal('accepted', 'submitted', 'supplier', { subject: 'subtask' })).toBe(
      'A subtask that is accepted cannot be submitted. An accepted subtask is final; add a new subtask.',
    );
    expect(transitionRefusal('submitted', 'accepted', 'supplier', { subject: 'subtask' })).toBe('Only the customer can accept a subtask.');
    expect(transitionRefusal('returned', 'returned', 'customer', { subject: 'subtask' })).toBe(
      'The subtask is already returned with comments.',
    );
  });

  it('lets people only cancel a request that has subtasks; the rest follows the subtasks', () => {
    expect(transitionRefusal('submitted', 'accepted', 'customer', { hasSubtasks: true })).toBe(
      'A request with subtasks takes its status from them. Change its subtasks instead.',
    );
    expect(transitionRefusal('requested', 'submitted', 'supplier', { hasSubtasks: true })).toBe(
      'A request with subtasks takes its status from them. Change its subtasks instead.',
    );
    expect(transitionRefusal('in_progress', 'cancelled', 'customer', { hasSubtasks: true })).toBeNull();
    expect(transitionRefusal('in_progress', 'cancelled', 'supplier', { hasSubtasks: true })).toBe(
      'Only the customer can cancel a request.',
    );
    expect(transitionRefusal('in_progress', 'submitted', 'system', { hasSubtasks: true })).toBeNull();
  });
});

describe('calendar task transitions by the system', () => {
  it('moves a parent between any statuses its subtasks produce, and never out of a final one', () => {
    const open: CalendarTaskStatus[] = ['requested', 'in_progress', 'submitted', 'returned'];
    for (const from of open)
      for (const to of CALENDAR_TASK_STATUSES) expect(canTransition(from, to, 'system'), `${from} → ${to}`).toBe(from !== to);
    for (const from of ['accepted', 'cancelled'] as const) {
      expect(CALENDAR_TASK_TRANSITIONS[from]).toEqual({});
      for (const to of CALENDAR_TASK_STATUSES) expect(canTransition(from, to, 'system')).toBe(false);
    }
    expect(transitionRefusal('accepted', 'in_progress', 'system')).toBe(
      'A request that is accepted cannot be started. An accepted request is final; ask for the data again with a new request.',
    );
  });

  it('names only known statuses and actors in the table', () => {
    for (const from of CALENDAR_TASK_STATUSES)
      for (const [to, actors] of Object.entries(CALENDAR_TASK_TRANSITIONS[from])) {
        expect(CALENDAR_TASK_STATUSES).toContain(to);
        expect(actors?.length).toBeGreaterThan(0);
      }
  });
});

describe('overdue', () => {
  const deadline = new Date('2026-03-31T15:00:00Z');
  const before = new Date('2026-03-31T14:59:59Z');
  const after = new Date('2026-03-31T15:00:01Z');

  it('is an open task past its deadline, and never one the customer holds or that has ended', () => {
    for (const status of ['requested', 'in_progress', 'returned'] as const) {
      expect(isCalendarTaskOverdue(status, deadline, after)).toBe(true);
      expect(isCalendarTaskOverdue(status, deadline, before)).toBe(false);
      expect(isCalendarTaskOverdue(status, deadline, deadline)).toBe(false);
    }
    for (const status of ['submitted', 'accepted', 'cancelled'] as const)
      expect(isCalendarTaskOverdue(status, deadline, after)).toBe(false);
    expect(isCalendarTaskOverdue('requested', null, after)).toBe(false);
  });

  it('shows overdue over the stored status, and the stored status again when the deadline moves later', () => {
    expect(calendarTaskDisplayStatus('returned', deadline, after)).toBe('overdue');
    expect(calendarTaskDisplayStatus('returned', new Date('2026-04-30T15:00:00Z'), after)).toBe('returned');
    expect(calendarTaskDisplayStatus('submitted', deadline, after)).toBe('submitted');
  });

  it("takes the task's own end date first, then its parent's, then the calendar's", () => {
    const own = new Date('2026-01-01T00:00:00Z');
    const parent = new Date('2026-02-01T00:00:00Z');
    const calendar = new Date('2026-03-01T00:00:00Z');
    expect(effectiveDeadline(own, parent, calendar)).toBe(own);
    expect(effectiveDeadline(null, parent, calendar)).toBe(parent);
    expect(effectiveDeadline(undefined, null, calendar)).toBe(calendar);
    expect(effectiveDeadline(null, null)).toBeNull();
  });
});

describe('a request from its subtasks', () => {
  it.each<[CalendarTaskStatus[], CalendarTaskStatus]>([
    [[], 'cancelled'],
    [['cancelled', 'cancelled'], 'cancelled'],
    [['requested', 'requested'], 'requested'],
    [['requested', 'cancelled'], 'requested'],
    [['requested', 'in_progress'], 'in_progress'],
    [['requested', 'submitted'], 'in_progress'],
    [['requested', 'accepted'], 'in_progress'],
    [['submitted', 'submitted'], 'submitted'],
    [['submitted', 'accepted', 'cancelled'], 'submitted'],
    [['returned', 'requested', 'submitted'], 'returned'],
    [['returned', 'accepted'], 'returned'],
    [['accepted', 'accepted'], 'accepted'],
    [['accepted', 'cancelled'], 'accepted'],
  ])('%j → %s', (subtasks, parent) => {
    expect(deriveParentTaskStatus(subtasks)).toBe(parent);
  });

  it('takes new subtasks only while the request is not final', () => {
    expect(addSubtaskRefusal('in_progress')).toBeNull();
    expect(addSubtaskRefusal('submitted')).toBeNull();
    expect(addSubtaskRefusal('accepted')).toBe('A subtask cannot be added to a request that is accepted.');
    expect(addSubtaskRefusal('cancelled')).toBe('A subtask cannot be added to a request that is cancelled.');
  });

  it('needs the response file before a submission when the request asks for a file', () => {
    expect(submitRefusal({ requiredUploadPurpose: 'site_energy', responseUploadId: null })).toBe(
      'Attach the response file before submitting.',
    );
    expect(submitRefusal({ requiredUploadPurpose: 'site_energy', responseUploadId: 'u1' })).toBeNull();
    expect(submitRefusal({ requiredUploadPurpose: null, responseUploadId: null })).toBeNull();
  });
});
