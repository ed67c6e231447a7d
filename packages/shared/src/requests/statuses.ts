/**
 * Data requests: the task types and statuses the specification leaves open for a CalendarTask, who may make
 * each change, the words a refused change answers with, when a request is overdue (derived, never stored) and
 * how a request's status follows its subtasks. See docs/decisions/0016-data-request-statuses.md.
 */

// Task types ------------------------------------------------------------------------------------

/**
 * - `data_request`: a customer asks a supplier for data by a deadline; the top of a request.
 * - `subtask`: one part of a request (one vessel, one site, one period); always has a parent request.
 */
export const CALENDAR_TASK_TYPES = ['data_request', 'subtask'] as const;
export type CalendarTaskType = (typeof CALENDAR_TASK_TYPES)[number];
export const CALENDAR_TASK_TYPE_LABELS: Record<CalendarTaskType, string> = {
  data_request: 'Data request',
  subtask: 'Subtask',
};

// Statuses --------------------------------------------------------------------------------------

/**
 * - `requested`: sent to the supplier; nothing done yet.
 * - `in_progress`: the supplier has started (attached a file, or took back a submission).
 * - `submitted`: the supplier handed it in; the customer's turn.
 * - `returned`: the customer sent it back with comments; the supplier's turn again.
 * - `accepted`: the customer accepted it; final.
 * - `cancelled`: the customer withdrew it; final.
 * Overdue is not a status: see `isCalendarTaskOverdue`.
 */
export const CALENDAR_TASK_STATUSES = ['requested', 'in_progress', 'submitted', 'returned', 'accepted', 'cancelled'] as const;
export type CalendarTaskStatus = (typeof CALENDAR_TASK_STATUSES)[number];

export const CALENDAR_TASK_STATUS_LABELS: Record<CalendarTaskStatus, string> = {
  requested: 'Requested',
  in_progress: 'In progress',
  submitted: 'Submitted',
  returned: 'Returned with comments',
  accepted: 'Accepted',
  cancelled: 'Cancelled',
};

/** Statuses in which the supplier still has to act: reminders go out and the deadline can be missed. */
export const OPEN_CALENDAR_TASK_STATUSES: readonly CalendarTaskStatus[] = ['requested', 'in_progress', 'returned'];
/** Statuses nothing leaves. */
export const FINAL_CALENDAR_TASK_STATUSES: readonly CalendarTaskStatus[] = ['accepted', 'cancelled'];

export const isCalendarTaskStatus = (value: string): value is CalendarTaskStatus =>
  (CALENDAR_TASK_STATUSES as readonly string[]).includes(value);
export const isCalendarTaskType = (value: string): value is CalendarTaskType => (CALENDAR_TASK_TYPES as readonly string[]).includes(value);

// Transitions -----------------------------------------------------------------------------------

/**
 * Who changes a status: the asking organization (`customer`), the asked one (`supplier`), or the server
 * itself (`system`), which only ever derives a parent request's status from its subtasks.
 */
export const CALENDAR_TASK_ACTORS = ['customer', 'supplier', 'system'] as const;
export type CalendarTaskActor = (typeof CALENDAR_TASK_ACTORS)[number];

type ActorTransitions = Readonly<Record<CalendarTaskStatus, Partial<Record<CalendarTaskStatus, readonly CalendarTaskActor[]>>>>;

const NOT_FINAL: readonly CalendarTaskStatus[] = ['requested', 'in_progress', 'submitted', 'returned'];
/** The system moves a parent between any two statuses its subtasks can produce, and never out of a final one. */
const derived = (from: CalendarTaskStatus) =>
  Object.fromEntries(
    [...NOT_FINAL, 'accepted', 'cancelled'].filter((to) => to !== from).map((to) => [to, ['system'] as readonly CalendarTaskActor[]]),
  ) as Partial<Record<CalendarTaskStatus, readonly CalendarTaskActor[]>>;

/** Every allowed change and who may make it; anything not listed is refused. */
export const CALENDAR_TASK_TRANSITIONS: ActorTransitions = {
  requested: {
    ...derived('requested'),
    in_progress: ['supplier', 'system'],
    submitted: ['supplier', 'system'],
    cancelled: ['customer', 'system'],
  },
  in_progress: { ...derived('in_progress'), submitted: ['supplier', 'system'], cancelled: ['customer', 'system'] },
  // submitted → in_progress: the supplier takes the submission back before the customer has reviewed it.
  submitted: {
    ...derived('submitted'),
    in_progress: ['supplier', 'system'],
    accepted: ['customer', 'system'],
    returned: ['customer', 'system'],
    cancelled: ['customer', 'system'],
  },
  returned: {
    ...derived('returned'),
    in_progress: ['supplier', 'system'],
    submitted: ['supplier', 'system'],
    cancelled: ['customer', 'system'],
  },
  accepted: {},
  cancelled: {},
};

/** The changes one actor may make, as a plain table (for screens and the decision page). */
export const calendarTaskTransitionsFor = (actor: CalendarTaskActor): Record<CalendarTaskStatus, CalendarTaskStatus[]> =>
  Object.fromEntries(
    CALENDAR_TASK_STATUSES.map((from) => [
      from,
      CALENDAR_TASK_STATUSES.filter((to) => CALENDAR_TASK_TRANSITIONS[from][to]?.includes(actor) ?? false),
    ]),
  ) as Record<CalendarTaskStatus, CalendarTaskStatus[]>;

export const canTransition = (from: CalendarTaskStatus, to: CalendarTaskStatus, actor: CalendarTaskActor): boolean =>
  CALENDAR_TASK_TRANSITIONS[from][to]?.includes(actor) ?? false;

/** How a status reads after "A request that ...". */
const STATE_PHRASES: Record<CalendarTaskStatus, string> = {
  requested: 'has not been started',
  in_progress: 'is in progress',
  submitted: 'is submitted',
  returned: 'is returned',
  accepted: 'is accepted',
  cancelled: 'is cancelled',
};
/** How a status reads after "cannot be ...". */
const CHANGE_PHRASES: Record<CalendarTaskStatus, string> = {
  requested: 'set back to requested',
  in_progress: 'started',
  submitted: 'submitted',
  returned: 'returned',
  accepted: 'accepted',
  cancelled: 'cancelled',
};
/** Who makes a change by hand, for "Only the ... can ...". */
const MAKER: Partial<Record<CalendarTaskStatus, CalendarTaskActor>> = {
  in_progress: 'supplier',
  submitted: 'supplier',
  returned: 'customer',
  accepted: 'customer',
  cancelled: 'customer',
};

/** How a change reads after "Only the supplier can ...", before "a request". */
const CHANGE_VERBS: Record<CalendarTaskStatus, string> = {
  requested: 'reset',
  in_progress: 'work on',
  submitted: 'submit',
  returned: 'return',
  accepted: 'accept',
  cancelled: 'cancel',
};

/** What to do instead, when there is something to say. */
const hint = (from: CalendarTaskStatus, to: CalendarTaskStatus, subject: string): string => {
  if (from === 'accepted' || from === 'cancelled')
    return ` ${from === 'accepted' ? 'An accepted' : 'A cancelled'} ${subject} is final; ${subject === 'subtask' ? 'add a new subtask' : 'ask for the data again with a new request'}.`;
  if ((to === 'accepted' || to === 'returned') && from !== 'submitted') return ' The supplier must submit it first.';
  return '';
};

export type TransitionOptions = {
  /** `request` or `subtask`: the word the message uses. */
  subject?: 'request' | 'subtask';
  /** A request with live subtasks takes its status from them; people may only cancel it. */
  hasSubtasks?: boolean;
};

/**
 * Why a change is refused, in words a person can act on, or null when it is allowed. The API answers the
 * message with CONFLICT (FORBIDDEN when the actor may never make that change) and records the refusal.
 */
export const transitionRefusal = (
  from: CalendarTaskStatus,
  to: CalendarTaskStatus,
  actor: CalendarTaskActor,
  options: TransitionOptions = {},
): string | null => {
  const subject = options.subject ?? 'request';
  if (from === to) return `The ${subject} is already ${CALENDAR_TASK_STATUS_LABELS[to].toLowerCase()}.`;
  if (options.hasSubtasks && actor !== 'system' && to !== 'cancelled')
    return `A ${subject} with subtasks takes its status from them. Change its subtasks instead.`;
  if (canTransition(from, to, actor)) return null;
  const maker = MAKER[to];
  if (actor !== 'system' && maker && maker !== actor) return `Only the ${maker} can ${CHANGE_VERBS[to]} a ${subject}.`;
  return `A ${subject} that ${STATE_PHRASES[from]} cannot be ${CHANGE_PHRASES[to]}.${hint(from, to, subject)}`;
};

/** Whether the refusal is about who is asking (FORBIDDEN) rather than the current status (CONFLICT). */
export const isRefusedForActor = (from: CalendarTaskStatus, to: CalendarTaskStatus, actor: CalendarTaskActor): boolean => {
  const maker = MAKER[to];
  return from !== to && actor !== 'system' && maker !== undefined && maker !== actor;
};

// Overdue ---------------------------------------------------------------------------------------

/**
 * A task's deadline: its own end date when it has one, else its parent's, else its calendar's. Pass them in
 * that order; the first set one wins.
 */
export const effectiveDeadline = (...candidates: readonly (Date | null | undefined)[]): Date | null =>
  candidates.find((d): d is Date => d instanceof Date) ?? null;

/**
 * Overdue is a fact about time, not a step in the flow: the deadline has passed and the supplier still has to
 * act. Derived on every read, it is right the moment the deadline passes, goes away when the deadline is moved
 * later, and keeps the status that says what to do (a request returned with comments stays returned).
 */
export const isCalendarTaskOverdue = (status: CalendarTaskStatus, deadline: Date | null, now: Date): boolean =>
  deadline !== null && OPEN_CALENDAR_TASK_STATUSES.includes(status) && now.getTime() > deadline.getTime();

export type CalendarTaskDisplayStatus = CalendarTaskStatus | 'overdue';
export const CALENDAR_TASK_DISPLAY_STATUS_LABELS: Record<CalendarTaskDisplayStatus, string> = {
  ...CALENDAR_TASK_STATUS_LABELS,
  overdue: 'Overdue',
};

/** What a screen shows as the status badge: `overdue` over an open status whose deadline has passed. */
export const calendarTaskDisplayStatus = (status: CalendarTaskStatus, deadline: Date | null, now: Date): CalendarTaskDisplayStatus =>
  isCalendarTaskOverdue(status, deadline, now) ? 'overdue' : status;

// Parent from subtasks --------------------------------------------------------------------------

/**
 * The status of a request with subtasks, from theirs (cancelled subtasks do not count):
 * - none left: `cancelled`;
 * - all accepted: `accepted`;
 * - all submitted or accepted: `submitted` (the customer's turn);
 * - any returned: `returned` (the supplier has comments to answer);
 * - all requested: `requested`;
 * - otherwise: `in_progress`.
 * A request without subtasks keeps its own stored status; call this only when it has some.
 */
export const deriveParentTaskStatus = (subtaskStatuses: readonly CalendarTaskStatus[]): CalendarTaskStatus => {
  const live = subtaskStatuses.filter((s) => s !== 'cancelled');
  if (live.length === 0) return 'cancelled';
  if (live.every((s) => s === 'accepted')) return 'accepted';
  if (live.every((s) => s === 'submitted' || s === 'accepted')) return 'submitted';
  if (live.includes('returned')) return 'returned';
  if (live.every((s) => s === 'requested')) return 'requested';
  return 'in_progress';
};

/** A subtask can be added only to a request that is still open or under review. */
export const addSubtaskRefusal = (parentStatus: CalendarTaskStatus): string | null =>
  FINAL_CALENDAR_TASK_STATUSES.includes(parentStatus)
    ? `A subtask cannot be added to a request that ${STATE_PHRASES[parentStatus]}.`
    : null;

/** A submission needs the answer file when the request asks for one. */
export const submitRefusal = (task: { requiredUploadPurpose: string | null; responseUploadId: string | null }): string | null =>
  task.requiredUploadPurpose && !task.responseUploadId ? 'Attach the response file before submitting.' : null;
