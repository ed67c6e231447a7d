import { AlarmClock } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useDateFormat } from '../../lib/format.ts';
import { deadlineWording, isSupplierTurn } from './inbox-logic.ts';

/**
 * A request's deadline: the date, and under it how it reads for the supplier ("due in 3 days", "2 days
 * overdue"). Overdue is said in words and in red, never by colour alone.
 */
export const DeadlineCell = ({
  task,
  formatDate,
  now,
}: {
  task: { deadline: string; status: string; isOverdue: boolean };
  formatDate: (value: string) => string;
  /** The screen's `useServerNow()`. */
  now: Date;
}) => {
  const { timeZone } = useDateFormat();
  const wording = deadlineWording(task.deadline, now, { open: isSupplierTurn(task.status), overdue: task.isOverdue, timeZone });
  return (
    <div className="flex flex-col whitespace-nowrap">
      <span>{formatDate(task.deadline)}</span>
      {wording.text ? (
        <span
          className={cn(
            'inline-flex items-center gap-1 text-xs',
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
    </div>
  );
};
