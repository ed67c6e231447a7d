import { VERIFICATION_CODE_LENGTH } from '@tidewise/shared/auth';
import { type ReactNode, type SyntheticEvent, useId, useRef, useState } from 'react';
import { CodeInput } from './code-input.tsx';
import { ServerAlert } from './server-alert.tsx';
import { SubmitButton } from './submit-button.tsx';

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
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const busy = useRef(false);
  const hintId = useId();

  const submit = async (value: string) => {
    if (busy.current || value.length !== VERIFICATION_CODE_LENGTH) return;
    busy.current = true;
    setPending(true);
    const ok = await onVerify(value);
    busy.current = false;
    setPending(false);
    if (!ok) {
      setCode('');
      setAttempt((n) => n + 1);
    }
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(code);
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
      <ServerAlert message={error} />
      <CodeInput
        key={attempt}
        label={label}
        value={code}
        onChange={setCode}
        onComplete={(value) => void submit(value)}
        disabled={pending}
        invalid={Boolean(error)}
        describedBy={hint ? hintId : undefined}
        autoFocus
      />
      {hint ? (
        <p id={hintId} className="-mt-2 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <SubmitButton pending={pending} pendingLabel="Verifying…" disabled={code.length !== VERIFICATION_CODE_LENGTH}>
        {submitLabel}
      </SubmitButton>
      {children}
    </form>
  );
};
