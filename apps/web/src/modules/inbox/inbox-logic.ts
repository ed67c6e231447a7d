import { reportingPeriodSchema } from '@tidewise/shared/requests/inputs';
import { CALENDAR_TASK_DISPLAY_STATUS_LABELS } from '@tidewise/shared/requests/statuses';
import type { ListConfig, ParamParser } from '../../lib/list-params.ts';
import { param } from '../../lib/list-params.ts';
import type { AnswerFile, CalendarTaskDisplayStatus, CalendarTaskFilter, CalendarTaskSortField, InboxCountsResult } from './graphql.ts';

// Filters ------------------------------------------------------------------------------------------

export const INBOX_STATUSES = [
  'requested',
  'in_progress',
  'returned',
  'overdue',
  'submitted',
  'accepted',
  'cancelled',
] as const satisfies readonly CalendarTaskDisplayStatus[];

export const INBOX_STATUS_LABELS: Record<CalendarTaskDisplayStatus, string> = {
  ...CALENDAR_TASK_DISPLAY_STATUS_LABELS,
  submitted: 'Submitted, waiting for the customer',
};

/** A reporting period as typed (`2025`, `2025-q3`), upper-cased; null when it is not one. */
export const readPeriod: ParamParser = (raw) => {
  const checked = reportingPeriodSchema.safeParse(raw);
  return checked.success ? checked.data : null;
};

export type InboxFilterKey = 'search' | 'status' | 'customer' | 'period';

/** The inbox's URL: `?search=&status=&customer=&period=&sort=&dir=&page=&size=`. */
export const INBOX_LIST = {
  sortFields: { title: 'title', deadline: 'deadline', status: 'status' },
  filters: {
    search: param.text(),
    status: param.oneOf(INBOX_STATUSES),
    customer: param.id,
    period: readPeriod,
  },
} satisfies ListConfig<InboxFilterKey, CalendarTaskSortField>;

/** The refusal for a filter form before it reaches the address, or null. */
export const inboxFilterRefusal = (form: Record<InboxFilterKey, string>): string | null =>
  form.period.trim() && readPeriod(form.period) === null
    ? 'The period must be a year, quarter, half or month, like 2025, 2025-Q3, 2025-H1 or 2025-07.'
    : null;

/** The `calendarTasks` filter for the inbox's URL filters: always the requests sent to the caller's organization. */
export const toInboxFilter = (filters: Record<InboxFilterKey, string>): CalendarTaskFilter => ({
  side: 'supplier',
  ...(filters.search ? { search: filters.search } : {}),
  ...(filters.status ? { status: filters.status as CalendarTaskDisplayStatus } : {}),
  ...(filters.customer ? { customerOrganizationId: filters.customer } : {}),
  ...(filters.period ? { period: filters.period } : {}),
});

// Counts -------------------------------------------------------------------------------------------

export type InboxCounts = { toDo: number; overdue: number; waiting: number; accepted: number };

/**
 * The four figures above the inbox. "To do" is every request whose turn is the supplier's (requested, in
 * progress, returned), overdue ones included; "overdue" is the part of those whose deadline passed. The
 * status filter reads as the badge does: `requested` leaves out the overdue ones, so they are added back.
 */
export const inboxCounts = (data: InboxCountsResult): InboxCounts => ({
  toDo:
    data.requested.pageInfo.totalCount +
    data.inProgress.pageInfo.totalCount +
    data.returned.pageInfo.totalCount +
    data.overdue.pageInfo.totalCount,
  overdue: data.overdue.pageInfo.totalCount,
  waiting: data.submitted.pageInfo.totalCount,
  accepted: data.accepted.pageInfo.totalCount,
});

// Deadlines ----------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
/** The calendar day of an instant in a zone, as a UTC midnight (so two days subtract to whole days). */
const dayOf = (instant: Date, timeZone: string | undefined) => {
  const key = timeZone ?? '';
  let formatter = dayFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(key, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'));
};

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

export type DeadlineWording = { text: string; tone: 'overdue' | 'soon' | 'later' | 'none' };

/**
 * How a deadline reads for the supplier: "due in 3 days", "due tomorrow", "due today", "2 days overdue".
 * Days are calendar days in the reader's zone. Only a request the supplier still has to act on is due or
 * overdue (`open`); the server's `isOverdue` decides overdue, so a clock moved on the server (or a browser
 * clock that is off) never shows a passed deadline as still due.
 */
export const deadlineWording = (
  deadline: string | Date,
  now: Date,
  { open, overdue, timeZone }: { open: boolean; overdue: boolean; timeZone?: string | undefined },
): DeadlineWording => {
  if (!open) return { text: '', tone: 'none' };
  const due = new Date(deadline);
  const difference = Math.round((dayOf(due, timeZone) - dayOf(now, timeZone)) / DAY_MS);
  if (overdue) {
    const late = -difference;
    return { text: late >= 1 ? `${days(late)} overdue` : 'overdue', tone: 'overdue' };
  }
  if (difference <= 0) return { text: 'due today', tone: 'soon' };
  if (difference === 1) return { text: 'due tomorrow', tone: 'soon' };
  return { text: `due in ${days(difference)}`, tone: difference <= 7 ? 'soon' : 'later' };
};

/** Statuses in which it is the supplier's turn. */
export const isSupplierTurn = (status: string) => status === 'requested' || status === 'in_progress' || status === 'returned';

/** The badge colour of a status as the supplier sees it. */
export const STATUS_VARIANT: Record<CalendarTaskDisplayStatus, 'default' | 'secondary' | 'outline' | 'success' | 'destructive'> = {
  requested: 'default',
  in_progress: 'secondary',
  returned: 'destructive',
  overdue: 'destructive',
  submitted: 'outline',
  accepted: 'success',
  cancelled: 'outline',
};

// The answer ---------------------------------------------------------------------------------------

export type AnswerState =
  | { kind: 'none' }
  | { kind: 'empty' }
  | { kind: 'reading'; files: string[] }
  | { kind: 'to-validate'; files: string[] }
  | { kind: 'invalid'; files: string[] }
  | { kind: 'ready'; files: number };

/**
 * How far the answer got, from its files: the server submits only an answer whose read files all have a
 * completed validation run (decision 0017); this says which step is missing, naming the files.
 */
export const answerState = (files: readonly AnswerFile[] | null | undefined): AnswerState => {
  if (!files) return { kind: 'none' };
  const live = files.filter((f) => f.status !== 'cancelled' && f.status !== 'failed');
  if (live.length === 0) return { kind: 'empty' };
  const reading = live.filter((f) => f.status !== 'processed');
  if (reading.length > 0) return { kind: 'reading', files: reading.map((f) => f.originalName) };
  const unvalidated = live.filter((f) => f.validation.status !== 'validated');
  if (unvalidated.length > 0) return { kind: 'to-validate', files: unvalidated.map((f) => f.originalName) };
  const invalid = live.filter((f) => !f.validation.isValid);
  if (invalid.length > 0) return { kind: 'invalid', files: invalid.map((f) => f.originalName) };
  return { kind: 'ready', files: live.length };
};

/** "a.xlsx", "a.xlsx and b.csv", "a.xlsx, b.csv and 2 more". */
export const nameList = (names: readonly string[]) => {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} more`;
};

/**
 * What the supplier does next, in one or two sentences, from the request's status, whether its deadline
 * passed, and how far the answer got.
 */
export const nextStep = ({
  status,
  isOverdue,
  customer,
  answer,
}: {
  status: string;
  isOverdue: boolean;
  customer: string;
  answer: AnswerState;
}): string => {
  const late = isOverdue ? 'The deadline has passed. ' : '';
  const answerStep = (): string => {
    switch (answer.kind) {
      case 'none':
        return `Download the template, fill it in, and upload it as your answer.`;
      case 'empty':
        return 'Add your filled-in file to the answer upload.';
      case 'reading':
        return `Wait until ${nameList(answer.files)} ${answer.files.length === 1 ? 'is' : 'are'} read, then map and validate ${answer.files.length === 1 ? 'it' : 'them'}.`;
      case 'to-validate':
        return `Map and validate ${nameList(answer.files)}, then submit your answer to ${customer}.`;
      case 'invalid':
        return `${nameList(answer.files)} ${answer.files.length === 1 ? 'has' : 'have'} rows with errors. Fix them and validate again, or submit as it is and let ${customer} review it.`;
      case 'ready':
        return `Your answer is validated. Submit it to ${customer}.`;
    }
  };
  switch (status) {
    case 'requested':
      return `${late}${answerStep()}`;
    case 'in_progress':
      return `${late}${answerStep()}`;
    case 'returned':
      return `${late}${customer} returned your answer with comments. Start on the comments, correct the file, validate it again and resubmit.`;
    case 'submitted':
      return `${customer} is reviewing your answer. You can take it back until they accept or return it.`;
    case 'accepted':
      return `${customer} accepted your answer. Nothing more to do: its entries are shared with ${customer} only.`;
    case 'cancelled':
      return `${customer} withdrew this request. Nothing more to do.`;
    default:
      return '';
  }
};

// The calendar ---------------------------------------------------------------------------------------

/** A request's colour in the calendar; its status label always says it in words too. */
export const CALENDAR_TONE: Record<CalendarTaskDisplayStatus, 'neutral' | 'info' | 'warning' | 'success' | 'danger'> = {
  requested: 'info',
  in_progress: 'info',
  returned: 'warning',
  overdue: 'danger',
  submitted: 'neutral',
  accepted: 'success',
  cancelled: 'neutral',
};

/** The calendar's own address: `?month=yyyy-mm&view=month|list&customer=`. */
export const readCalendarView = (raw: string | null): 'month' | 'list' => (raw === 'list' ? 'list' : 'month');
