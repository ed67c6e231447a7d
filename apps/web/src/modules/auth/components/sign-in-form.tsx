import { AUTH_FALLBACK_MESSAGES, AUTH_STORAGE_KEYS, loginSchema } from '@tidewise/shared/auth';
import { Link, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { LoginMutation } from '../graphql.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { callbackUrl, prevPathFragment } from '../../../lib/return-path.ts';
import { clearMfaState, writeStored } from '../../../lib/auth-storage.ts';
import { Form, FormAlert, PasswordField, setServerError, TextField, useZodForm } from '../../../ui/form.tsx';
import { SubmitButton } from '../../../ui/submit-button.tsx';

/**
 * Email and password. A correct password opens the second-factor screen of the account's method
 * (the login token waits in session storage, not in the address bar); `prevPath` travels along in
 * the URL fragment to the callback.
 */
export const SignInForm = ({ prevPath, defaultEmail = '' }: { prevPath?: string | null; defaultEmail?: string }) => {
  const navigate = useNavigate();
  const [, login] = useMutation(LoginMutation);
  const form = useZodForm(loginSchema, { defaultValues: { authKey: defaultEmail, authSecret: '' } });

  const onSubmit = async (input: { authKey: string; authSecret: string }) => {
    const result = await login({ input });
    const data = result.data?.login;
    if (!data) {
      setServerError(form, errorMessage(result.error, AUTH_FALLBACK_MESSAGES.login));
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
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormAlert control={form.control} />
      <TextField
        control={form.control}
        name="authKey"
        id="login-email"
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder="name@company.com"
        required
      />
      <div className="flex flex-col gap-2">
        <PasswordField
          control={form.control}
          name="authSecret"
          id="login-password"
          label="Password"
          autoComplete="current-password"
          required
        />
        <Link to="/auth/forgot-password" className="self-end text-sm font-medium text-primary hover:underline">
          Forgot password?
        </Link>
      </div>
      <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Signing in…">
        Sign In
      </SubmitButton>
    </Form>
  );
};
