import type { MfaMethod } from '@tidewise/shared/auth';
import { Mail, Smartphone } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

const OPTIONS: Array<{ value: MfaMethod; title: string; description: string; icon: typeof Mail }> = [
  {
    value: 'Authenticator',
    title: 'Authenticator App',
    description: 'A code from an app on your phone, such as Microsoft or Google Authenticator. Works offline, at sea too.',
    icon: Smartphone,
  },
  {
    value: 'Email',
    title: 'Email Code',
    description: 'We email you a 6-digit code each time you sign in. Nothing to install.',
    icon: Mail,
  },
];

/** The two second-factor methods as large radio cards; arrow keys move between them. */
export const MfaMethodChoice = ({
  value,
  onChange,
  error,
  name = 'mfaMethod',
}: {
  value: MfaMethod | '';
  onChange: (method: MfaMethod) => void;
  error?: string | null;
  name?: string;
}) => (
  <fieldset className="flex flex-col gap-3" aria-describedby={error ? `${name}-error` : undefined}>
    <legend className="mb-3 text-sm font-medium">Two-factor authentication method</legend>
    {OPTIONS.map((option) => (
      <label
        key={option.value}
        className={cn(
          'flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
          value === option.value ? 'border-primary bg-primary/10' : 'border-border hover:bg-muted',
        )}
      >
        <input
          type="radio"
          name={name}
          value={option.value}
          checked={value === option.value}
          onChange={() => onChange(option.value)}
          className="mt-1 size-4 accent-primary"
        />
        <option.icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <span className="flex flex-col gap-1">
          <span className="text-sm font-semibold">{option.title}</span>
          <span className="text-xs text-muted-foreground">{option.description}</span>
        </span>
      </label>
    ))}
    {error ? (
      <p id={`${name}-error`} className="text-sm text-destructive" role="alert">
        {error}
      </p>
    ) : null}
  </fieldset>
);
