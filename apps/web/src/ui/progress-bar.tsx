import { cn } from '../lib/cn.ts';

/** A percentage for a progress bar: a whole number from 0 to 100. */
const wholePercent = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.min(100, Math.floor(value))) : 0);

/**
 * A progress bar that screen readers can read: role progressbar with its value and a label naming
 * what progresses ("Upload of fuel.csv"). `indeterminate` while the amount is not known yet (the
 * file waits for its turn): no value is announced then.
 */
export const ProgressBar = ({
  label,
  value,
  valueText,
  tone = 'default',
  indeterminate = false,
  size = 'default',
  className,
}: {
  label: string;
  value: number;
  /** What a screen reader says instead of the bare percentage ("40%, 1,200 rows read"). */
  valueText?: string;
  tone?: 'default' | 'success' | 'destructive' | 'muted';
  indeterminate?: boolean;
  size?: 'default' | 'sm';
  className?: string;
}) => {
  const percent = wholePercent(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={indeterminate ? undefined : percent}
      aria-valuetext={indeterminate ? 'Waiting' : (valueText ?? `${percent}%`)}
      className={cn('relative w-full overflow-hidden rounded-full bg-muted', size === 'sm' ? 'h-1.5' : 'h-2', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-300 ease-out motion-reduce:transition-none',
          tone === 'success' && 'bg-success',
          tone === 'destructive' && 'bg-destructive',
          tone === 'muted' && 'bg-muted-foreground/50',
          tone === 'default' && 'bg-primary',
          indeterminate && 'w-1/3 animate-pulse',
        )}
        style={indeterminate ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
};
