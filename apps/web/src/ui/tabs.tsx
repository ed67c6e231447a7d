import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '../lib/cn.ts';

export type TabItem<T extends string> = { value: T; label: ReactNode };

/**
 * Tabs in the WAI-ARIA pattern: one tab stop for the list, arrow keys (and Home/End) move and
 * select, each panel is labelled by its tab. Controlled: the caller keeps the selected value.
 */
export const Tabs = <T extends string>({
  label,
  items,
  value,
  onValueChange,
  children,
  className,
}: {
  label: string;
  items: TabItem<T>[];
  value: T;
  onValueChange: (value: T) => void;
  children: ReactNode;
  className?: string;
}) => {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value);
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onValueChange(item.value);
    refs.current[next]?.focus();
  };
  return (
    <div className={cn('flex flex-col gap-4', className)}>
      <div
        role="tablist"
        aria-label={label}
        className="inline-flex w-full gap-1 overflow-x-auto border-b border-border"
        onKeyDown={onKeyDown}
      >
        {items.map((item, index) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(element) => {
                refs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(item.value)}
              className={cn(
                '-mb-px inline-flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring',
                selected ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`}>
        {children}
      </div>
    </div>
  );
};
