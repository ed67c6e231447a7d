import type { CalendarTaskDisplayStatus, CalendarTaskStatus } from '@tidewise/shared/requests/statuses';
import { AlarmClock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { useDateFormat } from '../../lib/format.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { deadlineWording, isOpenStatus, REQUEST_STATUS_LABELS, REQUEST_STATUS_VARIANT } from './request-logic.ts';

/** The current time, renewed every `everyMs`, so "in 3 days" moves on while a screen stays open. */
export const useNow = (everyMs = 60_000) => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
};

/** A request's status in words, coloured; overdue over an open status. */
export const RequestStatusBadge = ({ status, className }: { status: CalendarTaskDisplayStatus; className?: string }) => (
  <StatusBadge variant={REQUEST_STATUS_VARIANT[status]} className={cn('whitespace-nowrap', className)}>
    {REQUEST_STATUS_LABELS[status]}
  </StatusBadge>
);

/** A deadline's date and, while the supplier still has to act, how far off it is ("In 5 days", "3 days overdue"). */
export const DeadlineText = ({
  deadline,
  status,
  now,
  withTime = false,
}: {
  deadline: string;
  status: CalendarTaskStatus;
  now: Date;
  withTime?: boolean;
}) => {
  const { formatDate, formatDateTime, timeZone } = useDateFormat();
  const wording = deadlineWording(new Date(deadline), now, { open: isOpenStatus(status), timeZone });
  return (
    <span className="flex flex-col">
      <span className="whitespace-nowrap">{withTime ? formatDateTime(deadline) : formatDate(deadline)}</span>
      {wording.text ? (
        <span
          className={cn(
            'inline-flex items-center gap-1 whitespace-nowrap text-xs',
            wording.tone === 'overdue'
              ? 'font-medium text-destructive'
              : wording.tone === 'soon'
                ? 'text-foreground'
                : 'text-muted-foreground',
          )}
        >
          {wording.tone === 'overdue' ? <AlarmClock className="size-3.5" aria-hidden="true" /> : null}
          {wording.text}
        </span>
      ) : null}
    </span>
  );
};
