import { X } from 'lucide-react';
import { Button } from './button.tsx';

/**
 * One filter in use, as a list item: what it filters on, the name of what it keeps (cut short, whole in
 * its title) and a button that drops it. Goes in a `ul` labelled for the filters in use.
 */
export const FilterChip = ({ kind, name, onClear }: { kind: string; name: string; onClear: () => void }) => (
  <li className="flex min-w-0 max-w-full items-center gap-2 text-sm">
    <span className="text-muted-foreground">{kind}:</span>
    <span className="inline-flex min-w-0 max-w-full items-center gap-1 rounded-full border border-border bg-card py-1 pl-3 pr-1">
      <span className="min-w-0 truncate font-medium" title={name}>
        {name}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0 rounded-full"
        aria-label={`Clear the ${kind.toLowerCase()} filter (${name})`}
        onClick={onClear}
      >
        <X aria-hidden="true" />
      </Button>
    </span>
  </li>
);
