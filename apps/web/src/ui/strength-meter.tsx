import { Check, Circle } from 'lucide-react';
import { cn } from '../lib/cn.ts';

export type Criterion = { label: string; met: boolean };

const COLORS: Record<string, string> = {
  Weak: 'bg-destructive',
  Fair: 'bg-amber-500',
  Good: 'bg-primary',
  Strong: 'bg-success',
};

/**
 * A password strength bar with its label spelled out (colour is never the only signal) and the
 * criteria that raise it.
 */
export const StrengthMeter = ({ value, label, criteria }: { value: number; label: string; criteria?: Criterion[] }) => (
  <div className="flex flex-col gap-2" data-testid="strength-meter">
    <div className="flex items-center justify-between text-xs">
      <span className="text-muted-foreground">Password strength</span>
      <span className="font-semibold" aria-hidden="true">
        {label}
      </span>
    </div>
    {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot be styled consistently across browsers */}
    <div
      role="meter"
      aria-label="Password strength"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={`${label} (${value}%)`}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className={cn('h-full rounded-full transition-[width]', COLORS[label] ?? 'bg-primary')} style={{ width: `${value}%` }} />
    </div>
    {criteria ? (
      <ul className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-2">
        {criteria.map((criterion) => (
          <li key={criterion.label} className={cn('flex items-center gap-1.5', criterion.met ? 'text-success' : 'text-muted-foreground')}>
            {criterion.met ? <Check className="size-3.5" aria-hidden="true" /> : <Circle className="size-3" aria-hidden="true" />}
            <span>
              {criterion.label}
              <span className="sr-only">{criterion.met ? ' (done)' : ' (missing)'}</span>
            </span>
          </li>
        ))}
      </ul>
    ) : null}
  </div>
);
