import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Input } from './input.tsx';

/**
 * A labelled search box that reports its value after the user pauses typing, so a list query runs
 * once per search rather than once per key.
 */
export const SearchInput = ({
  label,
  value,
  onChange,
  placeholder,
  delayMs = 300,
  id = 'search',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  delayMs?: number;
  id?: string;
}) => {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, onChange, delayMs]);
  return (
    <div className="relative w-full sm:max-w-xs">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder ?? label}
        className="pl-9"
      />
    </div>
  );
};
