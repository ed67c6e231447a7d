import { reportingPeriodSchema } from '@tidewise/shared/requests/inputs';
import {
  CALENDAR_TASK_DISPLAY_STATUS_LABELS,
  type CalendarTaskDisplayStatus,
  OPEN_CALENDAR_TASK_STATUSES,
  type CalendarTaskStatus,
} from '@tidewise/shared/requests/statuses';
import { FILE_CATEGORY_LABELS, type FileCategory } from '@tidewise/shared/uploads';
import { type ListConfig, type ParamParser, param } from '../../lib/list-params.ts';
import { type DeadlineItem, type DeadlineTone, dayKeyOf } from '../../ui/deadline-calendar.tsx';
import type { RequestRow, RequestSortField, RequestsFilter, Review } from './graphql.ts';

// Statuses ------------------------------------------------------------------------------------------

/** The statuses the customer filters by, in the order of the flow; overdue after the open ones. */
export const REQUEST_FILTER_STATUSES = [
  'requested',
  'in_progress',
  'overdue',
  'submitted',
  'returned',
  'accepted',
  'cancelled',
] as const satisfies readonly CalendarTaskDisplayStatus[];

/** The customer's words for each status: a submitted request is waiting for the customer's review. */
export const REQUEST_STATUS_LABELS: Record<CalendarTaskDisplayStatus, string> = {
  ...CALENDAR_TASK_DISPLAY_STATUS_LABELS,
  submitted: 'Submitted, to review',
};

/** The colour a status is drawn in (always beside its words). */
export const REQUEST_STATUS_TONE: Record<CalendarTaskDisplayStatus, DeadlineTone> = {
  requested: 'info',
  in_progress: 'info',
  submitted: 'warning',
  returned: 'neutral',
  accepted: 'success',
  cancelled: 'neutral',
  overdue: 'danger',
};

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'success' | 'destructive';
export const REQUEST_STATUS_VARIANT: Record<CalendarTaskDisplayStatus, BadgeVariant> = {
  requested: 'secondary',
  in_progress: 'secondary',
  submitted: 'default',
  returned: 'outline',
  accepted: 'success',
  cancelled: 'outline',
  overdue: 'destructive',
};

export const isOpenStatus = (status: CalendarTaskStatus) => OPEN_CALENDAR_TASK_STATUSES.includes(status);

// The list's address --------------------------------------------------------------------------------

/** A reporting period as typed (`2025`, `2025-q3`), upper-cased; null when it is not one. */
export const readPeriod: ParamParser = (raw) => {
  const checked = reportingPeriodSchema.safeParse(raw);
  return checked.success ? checked.data : null;
};

export type RequestFilterKey = 'search' | 'status' | 'period';

/** The requests list's URL: `?search=&status=&period=&sort=&dir=&page=&size=`; by deadline unless sorted otherwise. */
export const REQUEST_LIST = {
  sortFields: { deadline: 'deadline', title: 'title', status: 'status', sent: 'createdAt' },
  filters: { search: param.text(), status: param.oneOf(REQUEST_FILTER_STATUSES), period: readPeriod },
} satisfies ListConfig<RequestFilterKey, RequestSortField>;

export const periodRefusal = (period: string): string | null =>
  period.trim() && readPeriod(period) === null
    ? 'The period must be a year, quarter, half or month, like 2025, 2025-Q3, 2025-H1 or 2025-07.'
    : null;

/** The `calendarTasks` filter of the URL's filters: always the requests the caller's organisation sent. */
export const toRequestsFilter = (filters: Record<RequestFilterKey, string>): RequestsFilter => ({
  side: 'customer',
  ...(filters.search ? { search: filters.search } : {}),
  ...(filters.status ? { status: filters.status as CalendarTaskDisplayStatus } : {}),
  ...(filters.period ? { period: filters.period } : {}),
});

// Words ---------------------------------------------------------------------------------------------

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `2025-Q3` → "Q3 2025", `2025-07` → "July 2025", `2025` → "2025"; anything else as given. */
export const periodLabel = (period: string | null | undefined): string => {
  if (!period) return '—';
  const match = /^(\d{4})-(Q[1-4]|H[12]|\d{2})$/.exec(period);
  if (!match) return period;
  const [, year, part = ''] = match;
  return /^\d{2}$/.test(part) ? `${MONTHS[Number(part) - 1] ?? part} ${year}` : `${part} ${year}`;
};

export const categoryLabel = (category: string | null | undefined): string =>
  category ? (FILE_CATEGORY_LABELS[category as FileCategory] ?? category) : 'Any data';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const DAY_MS = 86_400_000;
const dayNumber = (instant: Date, timeZone: string | undefined) => Date.parse(`${dayKeyOf(instant, timeZone)}T00:00:00Z`) / DAY_MS;

export type DeadlineWording = { text: string; tone: 'overdue' | 'soon' | 'later' | 'none' };

/**
 * How a deadline reads next to its date, counted in calendar days of the screen's zone: "Due today",
 * "Due tomorrow", "In 5 days", "3 days overdue". Only while the supplier still has to act (`open`);
 * otherwise nothing.
 */
export const deadlineWording = (
  deadline: Date,
  now: Date,
  { open, timeZone }: { open: boolean; timeZone?: string | undefined },
): DeadlineWording => {
  if (!open) return { text: '', tone: 'none' };
  const days = dayNumber(deadline, timeZone) - dayNumber(now, timeZone);
  if (deadline.getTime() < now.getTime()) {
    return { text: days >= 0 ? 'Overdue since today' : `${plural(-days, 'day')} overdue`, tone: 'overdue' };
  }
  if (days === 0) return { text: 'Due today', tone: 'soon' };
  if (days === 1) return { text: 'Due tomorrow', tone: 'soon' };
  return { text: `In ${days} days`, tone: days <= 7 ? 'soon' : 'later' };
};

/** A request as an item of the deadline calendar. */
export const toDeadlineItem = (task: RequestRow): DeadlineItem => ({
  id: task.id,
  date: new Date(task.deadline),
  title: task.title,
  subtitle: [task.supplierOrganization.name, periodLabel(task.requiredUploadSecondaryPurpose)].filter((p) => p && p !== '—').join(' · '),
  statusLabel: REQUEST_STATUS_LABELS[task.displayStatus],
  tone: REQUEST_STATUS_TONE[task.displayStatus],
  href: `/app/requests/${task.id}`,
});

/** A share (0–1) as "67%"; "—" when nothing counts yet. */
export const percent = (rate: number, outOf: number) => (outOf === 0 ? '—' : `${Math.round(rate * 100)}%`);

// A request's state ---------------------------------------------------------------------------------

type StateTask = {
  status: CalendarTaskStatus;
  displayStatus: CalendarTaskDisplayStatus;
  deadline: string;
  createdAt: string;
  submittedAt?: string | null;
  acceptedAt?: string | null;
  updatedAt: string;
  reviews: readonly Pick<Review, 'createdAt' | 'comments'>[];
};

/** The newest review (the API lists them newest first; sorted again in case). */
export const latestReview = <R extends { createdAt: string }>(reviews: readonly R[]): R | undefined =>
  [...reviews].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];

/**
 * The sentence at the top of a request page: whose turn it is and since when. `formatDate` is the screen's
 * (`useDateFormat`).
 */
export const requestState = (task: StateTask, formatDate: (value: string) => string): { title: string; detail: string } => {
  switch (task.displayStatus) {
    case 'overdue':
      return {
        title: `Overdue since ${formatDate(task.deadline)}`,
        detail:
          task.status === 'returned'
            ? 'The supplier has not answered your comments yet. Reminders go out to them; you can move the deadline.'
            : 'The supplier has not submitted yet. Reminders go out to them; you can move the deadline.',
      };
    case 'requested':
      return { title: 'Waiting for the supplier', detail: `Sent on ${formatDate(task.createdAt)}; the supplier has not started yet.` };
    case 'in_progress':
      return { title: 'The supplier is preparing the answer', detail: 'You can review it once they submit it.' };
    case 'submitted':
      return {
        title: `Submitted on ${formatDate(task.submittedAt ?? task.updatedAt)}`,
        detail: 'Your turn: check the answer below, then accept it or return it with comments.',
      };
    case 'returned': {
      const review = latestReview(task.reviews);
      return {
        title: review
          ? `Returned on ${formatDate(review.createdAt)} with ${plural(review.comments.length, 'comment')}`
          : 'Returned with comments',
        detail: 'Waiting for the supplier to correct and submit again.',
      };
    }
    case 'accepted':
      return {
        title: `Accepted on ${formatDate(task.acceptedAt ?? task.updatedAt)}`,
        detail: 'The entries of the answer are part of your data.',
      };
    case 'cancelled':
      return { title: `Cancelled on ${formatDate(task.updatedAt)}`, detail: 'The supplier can no longer answer this request.' };
  }
};

export type HistoryEvent = { at: string; text: string; by?: string | null | undefined };

/** What happened to a request, oldest first: sent, each return, the last submission, accepted or cancelled. */
export const requestHistory = (task: StateTask & { reviews: readonly Review[] }): HistoryEvent[] => {
  const events: HistoryEvent[] = [{ at: task.createdAt, text: 'Request sent' }];
  for (const review of task.reviews)
    events.push({
      at: review.createdAt,
      text: `Returned with ${plural(review.comments.length, 'comment')}`,
      by: review.createdByEmail,
    });
  if (task.submittedAt) events.push({ at: task.submittedAt, text: task.reviews.length > 0 ? 'Submitted (latest)' : 'Submitted' });
  if (task.acceptedAt) events.push({ at: task.acceptedAt, text: 'Accepted' });
  if (task.status === 'cancelled') events.push({ at: task.updatedAt, text: 'Cancelled' });
  return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
};

/** The target of a review comment in words: "Row 12, Fuel type", "Row 3", "Fuel type". */
export const commentTarget = (comment: { rowNumber?: number | null; field?: string | null }, fieldLabel: (key: string) => string) =>
  [comment.rowNumber != null ? `Row ${comment.rowNumber}` : null, comment.field ? fieldLabel(comment.field) : null]
    .filter(Boolean)
    .join(', ');
