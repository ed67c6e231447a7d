import { VERIFICATION_CODE_LENGTH, verificationCodeSchema } from '@tidewise/shared/auth';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { CodeInput } from './code-input.tsx';
import { Form, useZodForm } from './form.tsx';
import { FieldError } from './label.tsx';
import { ServerAlert } from './server-alert.tsx';
import { SubmitButton } from './submit-button.tsx';

const codeSchema = z.object({ code: verificationCodeSchema });

export type CodeFormProps = {
  /** Runs the verification; answers false on failure (then the boxes clear for another try). */
  onVerify: (code: string) => Promise<boolean>;
  error: string | null;
  label?: string;
  submitLabel?: string;
  hint?: ReactNode;
  children?: ReactNode;
};

/** One 6-digit code, sent when complete or with the button; a failed code clears for a new attempt. */
export const CodeForm = ({ onVerify, error, label = 'Verification code', submitLabel = 'Verify', hint, children }: CodeFormProps) => {
  const form = useZodForm(codeSchema, { defaultValues: { code: '' } });
  const { field, fieldState } = useController({ control: form.control, name: 'code' });
  const [attempt, setAttempt] = useState(0);
  const busy = useRef(false);
  const hintId = useId();
  const errorId = useId();
  const pending = form.formState.isSubmitting;
  const invalid = fieldState.error?.message;

  // The last digit and the button can both send the code: only the first of them runs.
  const verify = async ({ code }: { code: string }) => {
    if (busy.current) return;
    busy.current = true;
    const ok = await onVerify(code);
    busy.current = false;
    if (!ok) {
      form.reset({ code: '' });
      setAttempt((n) => n + 1);
    }
  };

  return (
    <Form form={form} onSubmit={verify} className="flex flex-col gap-5">
      <ServerAlert message={error} />
      <CodeInput
        key={attempt}
        label={label}
        value={field.value}
        onChange={field.onChange}
        onComplete={() => void form.handleSubmit(verify)()}
        disabled={pending}
        invalid={Boolean(error || invalid)}
        describedBy={[hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined}
        autoFocus
      />
      <FieldError id={errorId}>{invalid}</FieldError>
      {hint ? (
        <p id={hintId} className="-mt-2 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <SubmitButton pending={pending} pendingLabel="Verifying…" disabled={field.value.length !== VERIFICATION_CODE_LENGTH}>
        {submitLabel}
      </SubmitButton>
      {children}
    </Form>
  );
};
