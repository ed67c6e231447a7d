import { AUTH_FALLBACK_MESSAGES, AUTH_STORAGE_KEYS, type MfaMethod } from '@tidewise/shared/auth';
import { TriangleAlert, UserPlus } from 'lucide-react';
import { type SyntheticEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { Alert, AlertDescription, AlertTitle } from '../../../ui/alert.tsx';
import { Input } from '../../../ui/input.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { AuthCard } from '../../../ui/auth-card.tsx';
import { FormField } from '../../../ui/form-field.tsx';
import { MfaMethodChoice } from '../components/mfa-method-choice.tsx';
import { type NewPasswordErrors, NewPasswordFields, validateNewPassword } from '../components/new-password-fields.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { SubmitButton } from '../../../ui/submit-button.tsx';
import { RegisterMutation, ValidateAuthenticationTokenQuery } from '../../../lib/invited-registration.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { clearMfaState, writeAuthenticatorSetup, writeStored } from '../../../lib/auth-storage.ts';

const InvitationProblem = ({ title, message }: { title: string; message: string }) => (
  <AuthCard icon={TriangleAlert} tone="destructive" title="We can't open this invitation">
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        <p className="mt-2">Please contact the person who invited you and ask for a new link.</p>
      </AlertDescription>
    </Alert>
    <p className="text-center text-sm text-muted-foreground">
      Already have an account?{' '}
      <Link to="/auth/login" className="font-medium text-primary hover:underline">
        Sign in
      </Link>
    </p>
  </AuthCard>
);

const RegisterForm = ({ token }: { token: string }) => {
  const navigate = useNavigate();
  const [{ data, fetching, error: queryError }] = useQuery({
    query: ValidateAuthenticationTokenQuery,
    variables: { token },
    requestPolicy: 'network-only',
  });
  const [, register] = useMutation(RegisterMutation);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mfaMethod, setMfaMethod] = useState<MfaMethod | ''>('');
  const [errors, setErrors] = useState<NewPasswordErrors & { mfaMethod?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (fetching && !data) {
    return (
      <AuthCard title="Checking your invitation…">
        <div className="flex justify-center py-4">
          <Spinner label="Checking your invitation" />
        </div>
      </AuthCard>
    );
  }
  const invited = data?.validateAuthenticationToken;
  if (!invited) {
    return (
      <InvitationProblem title="Invalid or Expired Token" message={errorMessage(queryError, AUTH_FALLBACK_MESSAGES.invalidInvitation)} />
    );
  }
  const organization = invited.organizationUser?.organization.name;

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: typeof errors = validateNewPassword(password, confirmation);
    if (!mfaMethod) next.mfaMethod = 'Choose how you want to verify your sign-ins';
    setErrors(next);
    if (Object.keys(next).length > 0 || !mfaMethod) return;
    setPending(true);
    setServerError(null);
    const result = await register({ input: { token, password, mfaMethod } });
    setPending(false);
    const registered = result.data?.register;
    if (!registered) {
      setServerError(errorMessage(result.error, AUTH_FALLBACK_MESSAGES.registration));
      return;
    }
    clearMfaState();
    writeStored(AUTH_STORAGE_KEYS.mfaUserId, registered.userId);
    writeStored(AUTH_STORAGE_KEYS.mfaToken, token);
    if (mfaMethod === 'Authenticator' && registered.qrCodeDataURL) {
      writeAuthenticatorSetup(registered);
      navigate('/auth/register/mfa', { replace: true });
    } else {
      navigate(`/auth/mfa/email-verify?userId=${encodeURIComponent(registered.userId)}`, { replace: true });
    }
  };

  return (
    <AuthCard
      icon={UserPlus}
      title="Create your account"
      description={organization ? `You have been invited to join ${organization} on Tidewise.` : 'You have been invited to join Tidewise.'}
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
        <ServerAlert message={serverError} />
        <FormField id="register-email" label="Email">
          <Input id="register-email" type="email" value={invited.email} readOnly autoComplete="username" className="bg-muted" />
        </FormField>
        <NewPasswordFields
          idPrefix="register"
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          errors={errors}
        />
        <MfaMethodChoice value={mfaMethod} onChange={setMfaMethod} error={errors.mfaMethod} />
        <SubmitButton pending={pending} pendingLabel="Creating account…">
          Create Account
        </SubmitButton>
      </form>
    </AuthCard>
  );
};

export const RegisterPage = () => {
  usePageMeta({ title: 'Create your account', description: 'Accept your invitation and create your Tidewise account.' });
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  if (!token) return <InvitationProblem title="Invalid Link" message={AUTH_FALLBACK_MESSAGES.missingInvitation} />;
  return <RegisterForm token={token} />;
};
