import { CalendarDays, ChevronLeft, ChevronRight, List } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn.ts';
import { useTimeZone } from '../lib/time-zone.tsx';
import { Button } from './button.tsx';

/**
 * Deadlines in a month grid or a list, for any screen that shows dated things with a status (the
 * customer's request calendar, the supplier's inbox calendar). Days are the days of the screen's time
 * zone (`TimeZoneProvider`, or `timeZone`), so a deadline at 23:30 UTC lands on the next day in Oslo.
 *
 * Month grid: the WAI-ARIA grid pattern with one tab stop (the selected day); arrows move by a day or a
 * week, Home/End to the week's start/end, PageUp/PageDown by a month; moving past the month turns it.
 * Tab goes from the selected day into its items. The selected day's items are listed in full under the
 * grid (a narrow screen shows only counts in the grid). The caller owns the month and the view (keep them
 * in the address), and loads the items of `calendarRange(month)`.
 */

export type DeadlineTone = 'neutral' | 'info' | 'warning' | 'success' | 'danger';

export type DeadlineItem = {
  id: string;
  date: Date;
  title: string;
  subtitle?: string | null | undefined;
  /** The status in words; the tone's colour never says it alone. */
  statusLabel: string;
  tone: DeadlineTone;
  href: string;
};

export type DeadlineCalendarView = 'month' | 'list';
export type DeadlineListGrouping = 'week' | 'day';

// Days as `yyyy-mm-dd` keys; arithmetic on them in UTC so no zone or DST shifts a day. -------------

const DAY_MS = 86_400_000;
const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;

const keyFormatters = new Map<string, Intl.DateTimeFormat>();
/** The calendar day (`yyyy-mm-dd`) of an instant in `timeZone` (the browser's when unset). */
export const dayKeyOf = (instant: Date, timeZone?: string | undefined): string => {
  const cacheKey = timeZone ?? '';
  let formatter = keyFormatters.get(cacheKey);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      formatter = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
    }
    keyFormatters.set(cacheKey, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
};

const toUtc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => fromUtc(toUtc(day) + n * DAY_MS);
/** 0 = Monday … 6 = Sunday. */
const weekday = (day: string) => (new Date(toUtc(day)).getUTCDay() + 6) % 7;
const startOfWeek = (day: string) => addDays(day, -weekday(day));
const monthOf = (day: string) => day.slice(0, 7);

/** Whether a value is a month key, `yyyy-mm`. */
export const isMonthKey = (value: string) => MONTH_KEY.test(value);

/** The month (`yyyy-mm`) an instant falls in, in `timeZone`. */
export const monthKeyOf = (instant: Date, timeZone?: string | undefined) => dayKeyOf(instant, timeZone).slice(0, 7);

/** The month `n` months after `month` (negative: before). */
export const addMonths = (month: string, n: number) => {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + n, 1));
  return date.toISOString().slice(0, 7);
};

const lastDayOfMonth = (month: string) => addDays(`${addMonths(month, 1)}-01`, -1);

/** The days the month grid shows: whole weeks, Monday first, from the week of the 1st to the week of the last day. */
export const monthGridDays = (month: string): string[] => {
  const first = startOfWeek(`${month}-01`);
  const last = addDays(startOfWeek(lastDayOfMonth(month)), 6);
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
};

const zoneOffset = (instant: number, timeZone: string | undefined) => {
  const day = dayKeyOf(new Date(instant), timeZone);
  const time = new Intl.DateTimeFormat('en-GB', {
    ...(timeZone ? { timeZone } : {}),
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(instant));
  const [h, m, s] = time.split(':').map(Number);
  const wallClock = toUtc(day) + ((h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0)) * 1000;
  return wallClock - Math.floor(instant / 1000) * 1000;
};
/** The first instant of a day in `timeZone`. */
const startOfDayInstant = (day: string, timeZone: string | undefined) => {
  const wallClock = toUtc(day);
  const guess = wallClock - zoneOffset(wallClock, timeZone);
  return new Date(wallClock - zoneOffset(guess, timeZone));
};

/**
 * The instants to load for a month: from the first moment of the grid's first day to the last
 * millisecond of its last day, in `timeZone`; the grid shows the neighbouring months' days of its weeks.
 */
export const calendarRange = (month: string, timeZone?: string | undefined): { from: Date; to: Date } => {
  const days = monthGridDays(month);
  const first = days[0] ?? `${month}-01`;
  const last = days[days.length - 1] ?? lastDayOfMonth(month);
  return {
    from: startOfDayInstant(first, timeZone),
    to: new Date(startOfDayInstant(addDays(last, 1), timeZone).getTime() - 1),
  };
};

// Words ---------------------------------------------------------------------------------------------

const utcFormat = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
const MONTH_TITLE = utcFormat({ month: 'long', year: 'numeric' });
const DAY_LONG = utcFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const DAY_SHORT = utcFormat({ day: 'numeric', month: 'short' });
const DAY_SHORT_YEAR = utcFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const WEEKDAY_SHORT = utcFormat({ weekday: 'short' });
const WEEKDAY_LONG = utcFormat({ weekday: 'long' });

export const monthTitle = (month: string) => MONTH_TITLE.format(new Date(toUtc(`${month}-01`)));
const dayTitle = (day: string) => DAY_LONG.format(new Date(toUtc(day)));
const weekTitle = (monday: string) => {
  const sunday = addDays(monday, 6);
  return `Week of ${DAY_SHORT.format(new Date(toUtc(monday)))} – ${DAY_SHORT_YEAR.format(new Date(toUtc(sunday)))}`;
};
const WEEKDAYS = Array.from({ length: 7 }, (_, i) => addDays('2026-01-05', i)); // a Monday
const timeFormatter = (timeZone: string | undefined) =>
  new Intl.DateTimeFormat('en-GB', { ...(timeZone ? { timeZone } : {}), hour: '2-digit', minute: '2-digit' });

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

// Tones ---------------------------------------------------------------------------------------------

const TONE_MARK: Record<DeadlineTone, string> = {
  neutral: 'bg-muted-foreground',
  info: 'bg-primary',
  warning: 'bg-amber-500',
  success: 'bg-success',
  danger: 'bg-destructive',
};
const TONE_TEXT: Record<DeadlineTone, string> = {
  neutral: 'text-muted-foreground',
  info: 'text-primary',
  warning: 'text-amber-700 dark:text-amber-400',
  success: 'text-success',
  danger: 'text-destructive',
};
const TONE_BORDER: Record<DeadlineTone, string> = {
  neutral: 'border-l-muted-foreground',
  info: 'border-l-primary',
  warning: 'border-l-amber-500',
  success: 'border-l-success',
  danger: 'border-l-destructive',
};

const StatusText = ({ item, className }: { item: DeadlineItem; className?: string }) => (
  <span className={cn('inline-flex items-center gap-1.5 text-xs font-medium', TONE_TEXT[item.tone], className)}>
    <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', TONE_MARK[item.tone])} />
    {item.statusLabel}
  </span>
);

/** One item as a row: title, subtitle, time and status; the whole row is the link. */
const ItemRow = ({ item, time }: { item: DeadlineItem; time: string }) => (
  <li>
    <Link
      to={item.href}
      className={cn(
        'flex flex-col gap-1 rounded-md border border-border border-l-4 bg-card px-3 py-2 hover:bg-muted sm:flex-row sm:items-center sm:justify-between sm:gap-4',
        TONE_BORDER[item.tone],
      )}
    >
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium">{item.title}</span>
        {item.subtitle ? <span className="truncate text-sm text-muted-foreground">{item.subtitle}</span> : null}
      </span>
      <span className="flex shrink-0 items-center gap-3 text-sm">
        <span className="text-muted-foreground">
          <span className="sr-only">Due at </span>
          {time}
        </span>
        <StatusText item={item} />
      </span>
    </Link>
  </li>
);

// The component -------------------------------------------------------------------------------------

export type DeadlineCalendarProps = {
  /** What the calendar shows, for its accessible name: "Request deadlines". */
  label: string;
  items: readonly DeadlineItem[];
  /** The month shown, `yyyy-mm`. */
  month: string;
  onMonthChange: (month: string) => void;
  view: DeadlineCalendarView;
  onViewChange: (view: DeadlineCalendarView) => void;
  /** How the list view groups; by week unless told. */
  grouping?: DeadlineListGrouping;
  onGroupingChange?: (grouping: DeadlineListGrouping) => void;
  /** At most this many items in a day of the grid; the rest as "+n more". */
  maxPerDay?: number;
  /** The moment that counts as now (today's mark); the browser's clock unless given. */
  now?: Date;
  /** The zone days are counted in; the screen's (`TimeZoneProvider`) unless given. */
  timeZone?: string | undefined;
  /** What the list view and the selected day say when there is nothing: "No requests are due". */
  emptyText?: string;
  className?: string;
};

export const DeadlineCalendar = ({
  label,
  items,
  month,
  onMonthChange,
  view,
  onViewChange,
  grouping = 'week',
  onGroupingChange,
  maxPerDay = 3,
  now,
  timeZone: zoneProp,
  emptyText = 'Nothing is due',
  className,
}: DeadlineCalendarProps) => {
  const screenZone = useTimeZone();
  const timeZone = zoneProp ?? screenZone;
  const id = useId();
  const today = dayKeyOf(now ?? new Date(), timeZone);
  const time = useMemo(() => timeFormatter(timeZone), [timeZone]);

  const byDay = useMemo(() => {
    const map = new Map<string, DeadlineItem[]>();
    const sorted = [...items].sort((a, b) => a.date.getTime() - b.date.getTime() || a.title.localeCompare(b.title));
    for (const item of sorted) {
      const key = dayKeyOf(item.date, timeZone);
      const list = map.get(key);
      if (list) list.push(item);
      else map.set(key, [item]);
    }
    return map;
  }, [items, timeZone]);

  const days = useMemo(() => monthGridDays(month), [month]);
  const weeks = useMemo(() => Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7)), [days]);

  // The selected day: today when it is in the month, else the 1st; kept when the month turns to it.
  const defaultDay = monthOf(today) === month ? today : `${month}-01`;
  const [selected, setSelected] = useState(defaultDay);
  const selectedDay = monthOf(selected) === month ? selected : defaultDay;
  /** The day to move the focus to once it is on screen (the caller may turn the month a render later). */
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const cellRefs = useRef(new Map<string, HTMLTableCellElement>());

  useEffect(() => {
    if (!focusTarget || monthOf(focusTarget) !== month) return;
    const cell = cellRefs.current.get(focusTarget);
    if (cell) {
      cell.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, month]);

  /** Selects a day; one of a neighbouring month turns the calendar to that month. */
  const select = (day: string) => {
    setSelected(day);
    if (monthOf(day) !== month) onMonthChange(monthOf(day));
  };
  const moveTo = (day: string) => {
    select(day);
    setFocusTarget(day);
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed in an item link (Enter) are the link's.
    if (!(event.target instanceof HTMLElement) || event.target.getAttribute('role') !== 'gridcell') return;
    const day = selectedDay;
    const sameDayIn = (m: string) => {
      const d = Math.min(Number(day.slice(8, 10)), Number(lastDayOfMonth(m).slice(8, 10)));
      return `${m}-${String(d).padStart(2, '0')}`;
    };
    const next =
      event.key === 'ArrowRight'
        ? addDays(day, 1)
        : event.key === 'ArrowLeft'
          ? addDays(day, -1)
          : event.key === 'ArrowDown'
            ? addDays(day, 7)
            : event.key === 'ArrowUp'
              ? addDays(day, -7)
              : event.key === 'Home'
                ? startOfWeek(day)
                : event.key === 'End'
                  ? addDays(startOfWeek(day), 6)
                  : event.key === 'PageDown'
                    ? sameDayIn(addMonths(monthOf(day), 1))
                    : event.key === 'PageUp'
                      ? sameDayIn(addMonths(monthOf(day), -1))
                      : null;
    if (next === null) return;
    event.preventDefault();
    moveTo(next);
  };

  const selectedItems = byDay.get(selectedDay) ?? [];
  const monthItems = useMemo(
    () => [...byDay.entries()].filter(([day]) => monthOf(day) === month).flatMap(([day, list]) => list.map((item) => ({ day, item }))),
    [byDay, month],
  );
  const groups = useMemo(() => {
    const result: { key: string; title: string; entries: { day: string; item: DeadlineItem }[] }[] = [];
    for (const entry of monthItems) {
      const key = grouping === 'week' ? startOfWeek(entry.day) : entry.day;
      const last = result[result.length - 1];
      if (last && last.key === key) last.entries.push(entry);
      else result.push({ key, title: grouping === 'week' ? weekTitle(key) : dayTitle(key), entries: [entry] });
    }
    return result;
  }, [monthItems, grouping]);

  const titleId = `${id}-title`;
  const dayPanelId = `${id}-day`;

  return (
    <section aria-labelledby={titleId} className={cn('flex flex-col gap-4', className)}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button variant="outline" size="icon" onClick={() => onMonthChange(addMonths(month, -1))} aria-label="Previous month">
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon" onClick={() => onMonthChange(addMonths(month, 1))} aria-label="Next month">
            <ChevronRight aria-hidden="true" />
          </Button>
          <h2 id={titleId} className="min-w-36 text-lg font-semibold" aria-live="polite">
            <span className="sr-only">{label}, </span>
            {monthTitle(month)}
          </h2>
          {monthOf(today) !== month ? (
            <Button variant="ghost" size="sm" onClick={() => onMonthChange(monthOf(today))}>
              Today
            </Button>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {view === 'list' && onGroupingChange ? (
            <fieldset className="inline-flex rounded-md border border-border p-0.5">
              <legend className="sr-only">Group by</legend>
              {(['week', 'day'] as const).map((g) => (
                <Button
                  key={g}
                  size="sm"
                  variant={grouping === g ? 'secondary' : 'ghost'}
                  aria-pressed={grouping === g}
                  onClick={() => onGroupingChange(g)}
                  className="h-8"
                >
                  By {g}
                </Button>
              ))}
            </fieldset>
          ) : null}
          <fieldset className="inline-flex rounded-md border border-border p-0.5">
            <legend className="sr-only">View</legend>
            <Button
              size="sm"
              variant={view === 'month' ? 'secondary' : 'ghost'}
              aria-pressed={view === 'month'}
              onClick={() => onViewChange('month')}
              className="h-8"
            >
              <CalendarDays aria-hidden="true" />
              Month
            </Button>
            <Button
              size="sm"
              variant={view === 'list' ? 'secondary' : 'ghost'}
              aria-pressed={view === 'list'}
              onClick={() => onViewChange('list')}
              className="h-8"
            >
              <List aria-hidden="true" />
              List
            </Button>
          </fieldset>
        </div>
      </div>

      {view === 'month' ? (
        <>
          <div className="overflow-hidden rounded-lg border border-border">
            {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a month is a table made a grid, as in the WAI-ARIA date picker pattern. */}
            <table role="grid" aria-labelledby={titleId} className="w-full table-fixed border-collapse" onKeyDown={onGridKeyDown}>
              <thead className="bg-muted/50">
                <tr className="border-b border-border">
                  {WEEKDAYS.map((d) => (
                    <th key={d} scope="col" className="px-1 py-2 text-center text-xs font-semibold text-muted-foreground">
                      <abbr title={WEEKDAY_LONG.format(new Date(toUtc(d)))} className="no-underline">
                        {WEEKDAY_SHORT.format(new Date(toUtc(d)))}
                      </abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week[0]} className="border-b border-border last:border-b-0">
                    {week.map((day) => {
                      const dayItems = byDay.get(day) ?? [];
                      const inMonth = monthOf(day) === month;
                      const isToday = day === today;
                      const isSelected = day === selectedDay;
                      const shown = dayItems.slice(0, maxPerDay);
                      const more = dayItems.length - shown.length;
                      return (
                        <td
                          key={day}
                          ref={(element) => {
                            if (element) cellRefs.current.set(day, element);
                            else cellRefs.current.delete(day);
                          }}
                          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the days of the grid above.
                          role="gridcell"
                          tabIndex={isSelected ? 0 : -1}
                          aria-selected={isSelected}
                          aria-current={isToday ? 'date' : undefined}
                          aria-label={`${dayTitle(day)}${isToday ? ', today' : ''}, ${dayItems.length === 0 ? 'nothing due' : `${plural(dayItems.length, 'item')} due`}`}
                          data-day={day}
                          onClick={() => select(day)}
                          onKeyDown={(event) => {
                            if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
                              event.preventDefault();
                              select(day);
                              document.getElementById(dayPanelId)?.focus();
                            }
                          }}
                          className={cn(
                            'h-16 cursor-pointer border-r border-border p-0 align-top outline-none last:border-r-0 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:h-28',
                            !inMonth && 'bg-muted/30 text-muted-foreground',
                            isSelected && 'bg-secondary/60',
                          )}
                        >
                          <div className="flex min-w-0 flex-col gap-1 p-1 sm:p-1.5">
                            <span
                              aria-hidden="true"
                              className={cn(
                                'flex size-7 items-center justify-center self-center rounded-full text-sm sm:self-start',
                                isToday && 'bg-primary font-bold text-primary-foreground',
                              )}
                            >
                              {Number(day.slice(8, 10))}
                            </span>
                            {dayItems.length > 0 ? (
                              <>
                                {/* Narrow screens: a mark per item, the list is under the grid. */}
                                <span aria-hidden="true" className="flex flex-wrap justify-center gap-0.5 sm:hidden">
                                  {dayItems.slice(0, 4).map((item) => (
                                    <span key={item.id} className={cn('size-1.5 rounded-full', TONE_MARK[item.tone])} />
                                  ))}
                                  {dayItems.length > 4 ? <span className="text-[10px] leading-none">+{dayItems.length - 4}</span> : null}
                                </span>
                                <ul className="hidden min-w-0 flex-col gap-1 sm:flex">
                                  {shown.map((item) => (
                                    <li key={item.id} className="min-w-0">
                                      <Link
                                        to={item.href}
                                        tabIndex={isSelected ? 0 : -1}
                                        title={`${item.title} · ${item.statusLabel}`}
                                        className={cn(
                                          'block min-w-0 rounded border-l-4 bg-card px-1.5 py-0.5 text-xs shadow-sm hover:bg-muted',
                                          TONE_BORDER[item.tone],
                                        )}
                                      >
                                        <span className="block truncate font-medium text-foreground">{item.title}</span>
                                        <span className={cn('block truncate', TONE_TEXT[item.tone])}>{item.statusLabel}</span>
                                      </Link>
                                    </li>
                                  ))}
                                </ul>
                                {more > 0 ? (
                                  <button
                                    type="button"
                                    tabIndex={isSelected ? 0 : -1}
                                    aria-controls={dayPanelId}
                                    onClick={(event) => {
                                      event.stopPropagation();
                                      select(day);
                                      document.getElementById(dayPanelId)?.focus();
                                    }}
                                    className="hidden self-start rounded px-1 text-xs font-semibold text-primary hover:underline sm:block"
                                  >
                                    +{more} more
                                  </button>
                                ) : null}
                              </>
                            ) : null}
                          </div>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <section id={dayPanelId} tabIndex={-1} aria-labelledby={`${dayPanelId}-title`} className="flex flex-col gap-2 outline-none">
            <h3 id={`${dayPanelId}-title`} className="text-base font-semibold">
              {dayTitle(selectedDay)}
              {selectedDay === today ? <span className="text-muted-foreground"> · Today</span> : null}
            </h3>
            {selectedItems.length === 0 ? (
              <p className="text-sm text-muted-foreground">{emptyText} on this day.</p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label={`Due on ${dayTitle(selectedDay)}`}>
                {selectedItems.map((item) => (
                  <ItemRow key={item.id} item={item} time={time.format(item.date)} />
                ))}
              </ul>
            )}
          </section>
        </>
      ) : groups.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
          {emptyText} in {monthTitle(month)}.
        </p>
      ) : (
        <div className="flex flex-col gap-6">
          {groups.map((group) => (
            <section key={group.key} aria-labelledby={`${id}-group-${group.key}`} className="flex flex-col gap-2">
              <h3 id={`${id}-group-${group.key}`} className="text-sm font-semibold text-muted-foreground">
                {group.title}
                {grouping === 'day' && group.key === today ? ' · Today' : ''}
                <span className="font-normal"> · {plural(group.entries.length, 'item')}</span>
              </h3>
              <ul className="flex flex-col gap-2">
                {group.entries.map(({ day, item }) => (
                  <ItemRow
                    key={item.id}
                    item={item}
                    time={
                      grouping === 'week' ? `${DAY_SHORT.format(new Date(toUtc(day)))}, ${time.format(item.date)}` : time.format(item.date)
                    }
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
};
