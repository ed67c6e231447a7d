import { CircleAlert, CircleCheck, CircleDashed } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { CONFIDENCE_LABELS, type ConfidenceLevel, confidenceLevel, formatPercent } from './format.ts';

const STYLES: Record<ConfidenceLevel, string> = {
  high: 'border-success/40 bg-success/10 text-success',
  medium: 'border-amber-500/50 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  low: 'border-destructive/40 bg-destructive/10 text-destructive',
};

const ICONS = { high: CircleCheck, medium: CircleDashed, low: CircleAlert } as const;

/**
 * How sure a suggestion is: the level in words with its percentage ("High · 92%"), an icon and a
 * colour, so the colour is never the only sign.
 */
export const ConfidenceBadge = ({ confidence, className }: { confidence: number; className?: string }) => {
  const level = confidenceLevel(confidence);
  const Icon = ICONS[level];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold',
        STYLES[level],
        className,
      )}
      title={`${CONFIDENCE_LABELS[level]} confidence`}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {CONFIDENCE_LABELS[level]}
        <span className="sr-only"> confidence</span> · {formatPercent(confidence)}
      </span>
    </span>
  );
};
