import { confirmMfaMethodChangeSchema, startMfaMethodChangeSchema } from '@tidewise/shared/account';
import type { MfaMethod } from '@tidewise/shared/auth';
import { KeyRound, Mail, ShieldCheck, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useMutation, useQuery } from 'urql';
import { Alert } from '../../ui/alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Input } from '../../ui/input.tsx';
import { FieldError } from '../../ui/label.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { Field, Form, FormAlert, PasswordField, setServerError, useShownField, useZodForm } from '../../ui/form.tsx';
import { QueryError } from '../../lib/query-state.tsx';
import { mutationError } from '../../lib/errors.ts';
import { AccountQuery, ConfirmMfaMethodChangeMutation, StartMfaMethodChangeMutation } from './graphql.ts';

const METHOD_LABELS: Record<MfaMethod, string> = { Email: 'Email code', Authenticator: 'Authenticator app' };
const METHOD_HINTS: Record<MfaMethod, string> = {
  Email: 'A 6-digit code is emailed to you at each sign-in.',
  Authenticator: 'An app such as Google Authenticator or 1Password shows a new 6-digit code every 30 seconds.',
};

export type MfaStep =
  | { step: 'idle' }
  | { step: 'reauth' }
  | { step: 'verify'; method: MfaMethod; qrCodeDataURL: string | null; otpauthUri: string | null }
  | { step: 'done'; method: MfaMethod };

/** The secret of an otpauth URI, grouped in fours, for typing into an app by hand. */
export const manualKey = (otpauthUri: string | null) => {
  if (!otpauthUri) return null;
  try {
    const secret = new URL(otpauthUri).searchParams.get('secret');
    return secret ? (secret.match(/.{1,4}/g) ?? [secret]).join(' ') : null;
  } catch {
    return null;
  }
};

type Setup = { qrCodeDataURL: string | null; otpauthUri: string | null };

/** Step 1: the new method and the password (re-authentication). */
const ReauthForm = ({
  current,
  initialMethod,
  onStarted,
  onCancel,
}: {
  current: MfaMethod | null;
  initialMethod: MfaMethod;
  onStarted: (method: MfaMethod, setup: Setup) => void;
  onCancel: () => void;
}) => {
  const form = useZodForm(startMfaMethodChangeSchema, { defaultValues: { method: initialMethod, password: '' } });
  const method = useController({ control: form.control, name: 'method' });
  useShownField(form.control, 'method');
  const [, start] = useMutation(StartMfaMethodChangeMutation);
  const starting = form.formState.isSubmitting;

  const submit = async (input: { password: string; method: MfaMethod }) => {
    const result = await start({ input });
    if (
      setServerError(
        form,
        mutationError(result, (d) => d.startMfaMethodChange),
      ) ||
      !result.data
    )
      return;
    onStarted(input.method, result.data.startMfaMethodChange);
  };

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-5" aria-labelledby="mfa-reauth-title">
      <h3 id="mfa-reauth-title" className="font-semibold">
        Step 1 of 2: choose the new method and confirm it is you
      </h3>
      <FormAlert control={form.control} />
      <fieldset className="grid gap-3 sm:grid-cols-2" aria-describedby={method.fieldState.error ? 'mfa-method-error' : undefined}>
        <legend className="mb-2 text-sm font-medium">New method</legend>
        {(['Authenticator', 'Email'] as const).map((m, index) => (
          <label
            key={m}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              method.field.value === m ? 'border-primary bg-secondary/50' : 'border-border hover:bg-muted/50',
            )}
          >
            <input
              ref={index === 0 ? method.field.ref : undefined}
              type="radio"
              name="mfa-method"
              value={m}
              checked={method.field.value === m}
              onChange={() => method.field.onChange(m)}
              className="mt-1 accent-primary"
            />
            <span className="flex flex-col gap-1">
              <span className="font-medium">
                {METHOD_LABELS[m]}
                {m === current ? <span className="font-normal text-muted-foreground"> (current)</span> : null}
              </span>
              <span className="text-xs text-muted-foreground">{METHOD_HINTS[m]}</span>
            </span>
          </label>
        ))}
        <FieldError id="mfa-method-error">{method.fieldState.error?.message}</FieldError>
      </fieldset>
      <PasswordField control={form.control} name="password" id="mfa-password" label="Your password" autoComplete="current-password" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={starting}>
          {starting ? <Spinner className="text-current" label="Checking" /> : null}
          Continue
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={starting}>
          Cancel
        </Button>
      </div>
    </Form>
  );
};

/** Step 2: a code from the new method proves it works before it replaces the old one. */
const VerifyForm = ({
  state,
  email,
  onConfirmed,
  onCancel,
}: {
  state: Extract<MfaStep, { step: 'verify' }>;
  email: string | null;
  onConfirmed: () => void;
  onCancel: () => void;
}) => {
  const form = useZodForm(confirmMfaMethodChangeSchema, { defaultValues: { code: '' } });
  const [, confirm] = useMutation(ConfirmMfaMethodChangeMutation);
  const confirming = form.formState.isSubmitting;
  const key = manualKey(state.otpauthUri);

  const submit = async (input: { code: string }) => {
    const result = await confirm({ input });
    const failure = mutationError(result, (d) => d.confirmMfaMethodChange, 'Invalid verification code. Please try again.');
    if (!setServerError(form, failure)) onConfirmed();
  };

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-5" aria-labelledby="mfa-verify-title">
      <h3 id="mfa-verify-title" className="font-semibold">
        Step 2 of 2: enter a code from {state.method === 'Email' ? 'your email' : 'your authenticator app'}
      </h3>
      <FormAlert control={form.control} />
      {state.method === 'Authenticator' ? (
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          {state.qrCodeDataURL ? (
            <img
              src={state.qrCodeDataURL}
              alt="QR code to add Tidewise to your authenticator app"
              className="size-44 rounded-lg bg-white p-2"
            />
          ) : null}
          <div className="flex flex-col gap-2 text-sm">
            <p>Scan the code with your authenticator app, then type the 6-digit code it shows.</p>
            {key ? (
              <p className="text-muted-foreground">
                Cannot scan? Enter this key:{' '}
                <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono text-foreground">{key}</code>
              </p>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="text-sm">We emailed a 6-digit code to {email ?? 'your address'}. It expires in 10 minutes.</p>
      )}
      <Field
        control={form.control}
        name="code"
        id="mfa-code"
        label="Verification code"
        render={(field) => (
          <Input
            {...field}
            className="max-w-40 font-mono tracking-[0.3em]"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
        )}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirming}>
          {confirming ? <Spinner className="text-current" label="Verifying" /> : null}
          Verify and switch
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={confirming}>
          Cancel
        </Button>
      </div>
    </Form>
  );
};

/**
 * Changing the second factor: the password first (re-authentication), then a code from the new
 * method proves it works; only then does it replace the old one.
 */
export const MfaCard = () => {
  const [{ data, error, fetching }, refetch] = useQuery({ query: AccountQuery, requestPolicy: 'network-only' });
  const account = data?.getAuthenticationUser;
  const [state, setState] = useState<MfaStep>({ step: 'idle' });

  const current = account?.mfaMethod ?? null;
  const CurrentIcon = current === 'Email' ? Mail : Smartphone;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor authentication</CardTitle>
        <CardDescription>A second step at each sign-in, so a stolen password alone is not enough.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {error && !account ? (
          <QueryError error={error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
        ) : fetching && !account ? (
          <div className="flex items-center gap-3" aria-busy="true">
            <span role="status" className="sr-only">
              Loading your sign-in method
            </span>
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="h-4 w-48" />
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
                <CurrentIcon className="size-5" aria-hidden="true" />
              </span>
              <div className="flex flex-col">
                <span className="text-sm text-muted-foreground">Current method</span>
                <span className="font-medium">{current ? METHOD_LABELS[current] : 'Not set up'}</span>
              </div>
              {account?.mfaEnabled ? <StatusBadge variant="success">On</StatusBadge> : <StatusBadge variant="destructive">Off</StatusBadge>}
            </div>
            {state.step === 'idle' || state.step === 'done' ? (
              <Button variant="outline" onClick={() => setState({ step: 'reauth' })}>
                <KeyRound aria-hidden="true" />
                Change method
              </Button>
            ) : null}
          </div>
        )}

        {state.step === 'done' ? (
          <Alert variant="success" className="flex items-center gap-2">
            <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
            Your sign-ins now use {METHOD_LABELS[state.method].toLowerCase()}.
          </Alert>
        ) : null}

        {state.step === 'reauth' ? (
          <ReauthForm
            current={current}
            initialMethod={current === 'Authenticator' ? 'Email' : 'Authenticator'}
            onStarted={(method, setup) => setState({ step: 'verify', method, ...setup })}
            onCancel={() => setState({ step: 'idle' })}
          />
        ) : null}

        {state.step === 'verify' ? (
          <VerifyForm
            state={state}
            email={account?.email ?? null}
            onConfirmed={() => {
              setState({ step: 'done', method: state.method });
              refetch({ requestPolicy: 'network-only' });
            }}
            onCancel={() => setState({ step: 'idle' })}
          />
        ) : null}
      </CardContent>
    </Card>
  );
};
