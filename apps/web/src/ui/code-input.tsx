import { VERIFICATION_CODE_LENGTH } from '@tidewise/shared/auth';
import { type ClipboardEvent, type KeyboardEvent, useId, useRef } from 'react';
import { cn } from '../lib/cn.ts';

export type CodeInputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called once each time the last digit arrives, with the complete code. */
  onComplete?: (code: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  /** Id of a hint or error under the boxes. */
  describedBy?: string;
  length?: number;
};

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * A verification code as six one-digit boxes: typing moves forward, Backspace moves back, arrows
 * move between boxes, pasting or autofilling a whole code fills every box. Completing the code
 * submits it (spec section 4) through onComplete.
 */
export const CodeInput = ({
  label,
  value,
  onChange,
  onComplete,
  disabled = false,
  autoFocus = false,
  invalid = false,
  describedBy,
  length = VERIFICATION_CODE_LENGTH,
}: CodeInputProps) => {
  const labelId = useId();
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const code = digitsOf(value).slice(0, length);

  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const update = (next: string) => {
    const clean = digitsOf(next).slice(0, length);
    if (clean === code) return;
    onChange(clean);
    if (clean.length === length) onComplete?.(clean);
  };

  const fill = (index: number, digits: string) => {
    const start = digits.length >= length ? 0 : Math.min(index, code.length);
    const next = (code.slice(0, start) + digits + code.slice(start + digits.length)).slice(0, length);
    update(next);
    focusBox(Math.min(start + digits.length, length - 1));
  };

  const onInput = (index: number, raw: string) => {
    const digits = digitsOf(raw);
    if (!digits) return;
    // Typing into a filled box yields its old digit plus the new one: keep the new one.
    const old = code[index];
    const typed = old !== undefined && digits.length === 2 ? (digits[0] === old ? digits.slice(1) : digits.slice(0, 1)) : digits;
    fill(index, typed);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (code[index] !== undefined) {
        update(code.slice(0, index) + code.slice(index + 1));
      } else if (index > 0) {
        update(code.slice(0, index - 1) + code.slice(index));
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(Math.min(index + 1, code.length));
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = digitsOf(event.clipboardData.getData('text')).slice(0, length);
    if (digits) fill(index, digits);
  };

  return (
    <div className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would add a legend we already have as the visible label */}
      <div role="group" aria-labelledby={labelId} aria-describedby={describedBy} className="flex justify-between gap-2 sm:gap-3">
        {Array.from({ length }, (_, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items
            key={index}
            ref={(element) => {
              refs.current[index] = element;
            }}
            value={code[index] ?? ''}
            onChange={(event) => onInput(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            // biome-ignore lint/a11y/noAutofocus: the code is the only thing to do on these screens
            autoFocus={autoFocus && index === 0}
            disabled={disabled}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={invalid || undefined}
            className={cn(
              'h-12 w-full min-w-0 max-w-14 rounded-md border border-input bg-background text-center font-mono text-xl font-semibold text-foreground',
              'focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50 aria-invalid:border-destructive sm:h-14 sm:text-2xl',
            )}
          />
        ))}
      </div>
    </div>
  );
};
