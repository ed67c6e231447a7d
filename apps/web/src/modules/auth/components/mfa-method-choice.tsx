import { MFA_METHODS, type MfaMethod } from '@tidewise/shared/auth';
import { Mail, Smartphone } from 'lucide-react';
import type { Ref } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { z } from 'zod';
import { useShownField } from '../../../ui/form.tsx';
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

/**
 * The two second-factor methods as large radio cards; arrow keys move between them. `ref` reaches
 * the first card, so a form can move the focus here when no method is chosen.
 */
export const MfaMethodChoice = ({
  value,
  onChange,
  error,
  name = 'mfaMethod',
  ref,
}: {
  value: string;
  onChange: (method: MfaMethod) => void;
  error?: string | null;
  name?: string;
  ref?: Ref<HTMLInputElement>;
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
          ref={option === OPTIONS[0] ? ref : undefined}
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

export const mfaMethodSchema = z.enum(MFA_METHODS, { error: 'Choose how you want to verify your sign-ins' });

/** MfaMethodChoice bound to a form's `mfaMethod` value. */
export const MfaMethodField = <T extends FieldValues>({
  control,
  name = 'mfaMethod' as FieldPath<T>,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form holding the method
  control: Control<T, any, any>;
  name?: FieldPath<T>;
}) => {
  const { field, fieldState } = useController({ control, name });
  useShownField(control, name);
  return <MfaMethodChoice value={field.value} onChange={field.onChange} error={fieldState.error?.message} ref={field.ref} />;
};
