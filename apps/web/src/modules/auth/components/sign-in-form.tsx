import { AUTH_FALLBACK_MESSAGES, AUTH_STORAGE_KEYS, loginSchema } from '@tidewise/shared/auth';
import { type SyntheticEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { Input } from '../../../ui/input.tsx';
import { LoginMutation } from '../graphql.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { callbackUrl, prevPathFragment } from '../../../lib/return-path.ts';
import { clearMfaState, writeStored } from '../../../lib/auth-storage.ts';
import { describedBy, FormField } from '../../../ui/form-field.tsx';
import { PasswordInput } from '../../../ui/password-input.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { SubmitButton } from '../../../ui/submit-button.tsx';

type Values = { authKey: string; authSecret: string };
type Errors = Partial<Record<keyof Values, string>>;

/**
 * Email and password. A correct password opens the second-factor screen of the account's method
 * (the login token waits in session storage, not in the address bar); `prevPath` travels along in
 * the URL fragment to the callback.
 */
export const SignInForm = ({ prevPath, defaultEmail = '' }: { prevPath?: string | null; defaultEmail?: string }) => {
  const navigate = useNavigate();
  const [, login] = useMutation(LoginMutation);
  const [values, setValues] = useState<Values>({ authKey: defaultEmail, authSecret: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Values;
        next[field] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(next.authKey ? 'login-email' : 'login-password')?.focus();
      return;
    }
    setPending(true);
    setServerError(null);
    const result = await login({ input: parsed.data });
    const data = result.data?.login;
    if (!data) {
      setPending(false);
      setServerError(errorMessage(result.error, AUTH_FALLBACK_MESSAGES.login));
      return;
    }
    clearMfaState();
    if (!data.mfaRequired) {
      navigate(callbackUrl(data.token, prevPath));
      return;
    }
    writeStored(AUTH_STORAGE_KEYS.mfaUserId, data.userId);
    writeStored(AUTH_STORAGE_KEYS.mfaToken, data.token);
    const screen = data.mfaMethod === 'Email' ? '/auth/mfa/email-verify' : '/auth/mfa/verify';
    navigate(`${screen}?userId=${encodeURIComponent(data.userId)}&login=true${prevPathFragment(prevPath)}`);
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
      <ServerAlert message={serverError} />
      <FormField id="login-email" label="Email" error={errors.authKey}>
        <Input
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="name@company.com"
          value={values.authKey}
          onChange={set('authKey')}
          aria-invalid={Boolean(errors.authKey) || undefined}
          aria-describedby={describedBy('login-email', { error: errors.authKey })}
          required
        />
      </FormField>
      <div className="flex flex-col gap-2">
        <FormField id="login-password" label="Password" error={errors.authSecret}>
          <PasswordInput
            id="login-password"
            name="password"
            autoComplete="current-password"
            value={values.authSecret}
            onChange={set('authSecret')}
            aria-invalid={Boolean(errors.authSecret) || undefined}
            aria-describedby={describedBy('login-password', { error: errors.authSecret })}
            required
          />
        </FormField>
        <Link to="/auth/forgot-password" className="self-end text-sm font-medium text-primary hover:underline">
          Forgot password?
        </Link>
      </div>
      <SubmitButton pending={pending} pendingLabel="Signing in…">
        Sign In
      </SubmitButton>
    </form>
  );
};
