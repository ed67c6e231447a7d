import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  calendarRange,
  DeadlineCalendar,
  type DeadlineCalendarView,
  type DeadlineItem,
  type DeadlineListGrouping,
  dayKeyOf,
  monthGridDays,
} from './deadline-calendar.tsx';

const item = (id: string, iso: string, extra: Partial<DeadlineItem> = {}): DeadlineItem => ({
  id,
  date: new Date(iso),
  title: `Request ${id}`,
  statusLabel: 'Requested',
  tone: 'info',
  href: `/app/requests/${id}`,
  ...extra,
});

/** The calendar as a screen uses it: the month and the view kept by the caller. */
const Harness = ({
  items,
  month: initialMonth = '2026-03',
  view: initialView = 'month',
  now = new Date('2026-03-18T10:00:00Z'),
  timeZone = 'Europe/Oslo',
  maxPerDay,
  deferMonth = false,
}: {
  items: DeadlineItem[];
  month?: string;
  view?: DeadlineCalendarView;
  now?: Date;
  timeZone?: string;
  maxPerDay?: number;
  /** Turns the month a moment later, as a router does when the month is kept in the address. */
  deferMonth?: boolean;
}) => {
  const [month, setMonth] = useState(initialMonth);
  const [view, setView] = useState<DeadlineCalendarView>(initialView);
  const [grouping, setGrouping] = useState<DeadlineListGrouping>('week');
  return (
    <MemoryRouter>
      <DeadlineCalendar
        label="Request deadlines"
        items={items}
        month={month}
        onMonthChange={(next) => (deferMonth ? setTimeout(() => setMonth(next), 10) : setMonth(next))}
        view={view}
        onViewChange={setView}
        grouping={grouping}
        onGroupingChange={setGrouping}
        now={now}
        timeZone={timeZone}
        emptyText="No requests are due"
        {...(maxPerDay ? { maxPerDay } : {})}
      />
    </MemoryRouter>
  );
};

const cell = (day: string) => {
  const found = document.querySelector<HTMLElement>(`[role="gridcell"][data-day="${day}"]`);
  if (!found) throw new Error(`No cell for ${day}`);
  return found;
};
const monthHeading = () => screen.getByRole('heading', { level: 2 });

describe('monthGridDays', () => {
  it('covers whole weeks from Monday, with the neighbouring months’ days of the first and last week', () => {
    const march = monthGridDays('2026-03'); // 1 March 2026 is a Sunday, 31 March a Tuesday
    expect(march[0]).toBe('2026-02-23');
    expect(march.at(-1)).toBe('2026-04-05');
    expect(march).toHaveLength(42);
    const feb2027 = monthGridDays('2027-02'); // starts on a Monday, 28 days
    expect(feb2027[0]).toBe('2027-02-01');
    expect(feb2027.at(-1)).toBe('2027-02-28');
    expect(feb2027).toHaveLength(28);
    expect(monthGridDays('2028-02')).toContain('2028-02-29');
  });

  it('loads from the first moment of the first shown day to the last of the last, in the screen’s zone', () => {
    const { from, to } = calendarRange('2026-03', 'Europe/Oslo');
    expect(from.toISOString()).toBe('2026-02-22T23:00:00.000Z'); // CET
    expect(to.toISOString()).toBe('2026-04-05T21:59:59.999Z'); // CEST since 29 March
    expect(dayKeyOf(new Date('2026-03-31T22:30:00Z'), 'Europe/Oslo')).toBe('2026-04-01');
    expect(dayKeyOf(new Date('2026-03-31T22:30:00Z'), 'UTC')).toBe('2026-03-31');
  });
});

describe('DeadlineCalendar, month view', () => {
  it('shows the month’s weeks and marks today', () => {
    render(<Harness items={[]} />);
    const grid = screen.getByRole('grid', { name: /March 2026/ });
    expect(within(grid).getAllByRole('row')).toHaveLength(7); // weekday header + six weeks
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(42);
    expect(cell('2026-03-18')).toHaveAttribute('aria-current', 'date');
    expect(cell('2026-03-18')).toHaveAccessibleName('Wednesday, 18 March 2026, today, nothing due');
    expect(document.querySelectorAll('[aria-current="date"]')).toHaveLength(1);
    expect(cell('2026-03-18')).toHaveAttribute('tabindex', '0');
    expect(cell('2026-03-17')).toHaveAttribute('tabindex', '-1');
  });

  it('puts an item on its day in the screen’s zone, also when that day is in the next month', () => {
    const items = [item('a', '2026-03-31T22:30:00Z'), item('b', '2026-03-01T12:00:00Z', { tone: 'danger', statusLabel: 'Overdue' })];
    const { unmount } = render(<Harness items={items} />);
    expect(within(cell('2026-04-01')).getByRole('link', { name: /Request a/ })).toHaveAttribute('href', '/app/requests/a');
    expect(within(cell('2026-03-31')).queryByRole('link')).toBeNull();
    expect(cell('2026-04-01')).toHaveAccessibleName(/1 item due/);
    expect(within(cell('2026-03-01')).getByText('Overdue')).toBeInTheDocument();
    unmount();
    render(<Harness items={items} timeZone="UTC" />);
    expect(within(cell('2026-03-31')).getByRole('link', { name: /Request a/ })).toBeInTheDocument();
  });

  it('moves the selected day with the keyboard and turns the month past its ends', async () => {
    const user = userEvent.setup();
    render(<Harness items={[]} />);
    cell('2026-03-18').focus();
    await user.keyboard('{ArrowRight}');
    expect(cell('2026-03-19')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(cell('2026-03-26')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(cell('2026-03-23')).toHaveFocus();
    await user.keyboard('{End}');
    expect(cell('2026-03-29')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    // 1 April is in the next month: the calendar turns to April and keeps the focus on the day.
    expect(monthHeading()).toHaveTextContent('April 2026');
    expect(cell('2026-04-01')).toHaveFocus();
    expect(cell('2026-04-01')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(monthHeading()).toHaveTextContent('March 2026');
    expect(cell('2026-03-31')).toHaveFocus();
    await user.keyboard('{PageUp}');
    // 31 February does not exist: the last day of February.
    expect(monthHeading()).toHaveTextContent('February 2026');
    expect(cell('2026-02-28')).toHaveFocus();
    await user.keyboard('{PageDown}{PageDown}');
    expect(monthHeading()).toHaveTextContent('April 2026');
    expect(cell('2026-04-28')).toHaveFocus();
    expect(screen.getAllByRole('gridcell').filter((c) => c.tabIndex === 0)).toHaveLength(1);
  });

  it('keeps the focus on the day when the month turns a moment later (kept in the address)', async () => {
    const user = userEvent.setup();
    render(<Harness items={[]} deferMonth />);
    cell('2026-03-18').focus();
    await user.keyboard('{PageDown}');
    await waitFor(() => expect(monthHeading()).toHaveTextContent('April 2026'));
    await waitFor(() => expect(cell('2026-04-18')).toHaveFocus());
    await user.keyboard('{ArrowRight}');
    expect(cell('2026-04-19')).toHaveFocus();
  });

  it('shows at most a few items a day and lists the rest of the selected day under the grid', async () => {
    const user = userEvent.setup();
    const items = ['1', '2', '3', '4', '5'].map((n) => item(n, `2026-03-10T0${n}:00:00Z`));
    render(<Harness items={items} maxPerDay={3} />);
    const day = cell('2026-03-10');
    expect(within(day).getAllByRole('link')).toHaveLength(3);
    await user.click(within(day).getByRole('button', { name: '+2 more' }));
    const panel = screen.getByRole('region', { name: 'Tuesday, 10 March 2026' });
    expect(panel).toHaveFocus();
    expect(within(panel).getAllByRole('link')).toHaveLength(5);
    expect(within(panel).getAllByRole('link')[0]).toHaveTextContent(/Request 1.*02:00.*Requested/);
  });

  it('turns months with the buttons and comes back to today', async () => {
    const user = userEvent.setup();
    render(<Harness items={[]} />);
    expect(screen.queryByRole('button', { name: 'Today' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(monthHeading()).toHaveTextContent('April 2026');
    expect(cell('2026-04-01')).toHaveAttribute('tabindex', '0');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(monthHeading()).toHaveTextContent('March 2026');
    expect(cell('2026-03-18')).toHaveAttribute('tabindex', '0');
  });
});

describe('DeadlineCalendar, list view', () => {
  const items = [
    item('a', '2026-03-02T08:00:00Z', { subtitle: 'Nordic Bunkers AS' }),
    item('b', '2026-03-04T15:00:00Z'),
    item('c', '2026-03-04T09:00:00Z'),
    item('d', '2026-03-31T22:30:00Z'), // 1 April in Oslo: not this month
    item('e', '2026-02-27T10:00:00Z'), // February, shown in the grid's first week only
  ];

  it('groups the month’s items by week or by day, in deadline order', async () => {
    const user = userEvent.setup();
    render(<Harness items={items} view="list" />);
    const weeks = screen.getAllByRole('heading', { level: 3 });
    expect(weeks.map((h) => h.textContent)).toEqual(['Week of 2 Mar – 8 Mar 2026 · 3 items']);
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/app/requests/a',
      '/app/requests/c',
      '/app/requests/b',
    ]);
    expect(screen.getByText('Nordic Bunkers AS')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'By day' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Monday, 2 March 2026 · 1 item',
      'Wednesday, 4 March 2026 · 2 items',
    ]);
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(screen.getByRole('grid')).toBeInTheDocument();
  });

  it('says when nothing is due in the month', async () => {
    const user = userEvent.setup();
    render(<Harness items={items} view="list" />);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByText('No requests are due in May 2026.')).toBeInTheDocument();
  });
});
