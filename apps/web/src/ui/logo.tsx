import { cn } from '../lib/cn.ts';

/** The Tidewise mark and word; decorative mark, the word is the accessible name. */
export const Logo = ({ className, withWord = true }: { className?: string; withWord?: boolean }) => (
  <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
    <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path
        d="M5 20c3.5 0 3.5-3 7-3s3.5 3 7 3 3.5-3 7-3"
        fill="none"
        className="stroke-primary-foreground"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <path
        d="M16 6v9M12 10l4-4 4 4"
        fill="none"
        className="stroke-primary-foreground"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
    {withWord ? <span className="text-lg">Tidewise</span> : <span className="sr-only">Tidewise</span>}
  </span>
);
