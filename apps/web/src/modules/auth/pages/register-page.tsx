import { AUTH_FALLBACK_MESSAGES, AUTH_STORAGE_KEYS, type MfaMethod } from '@tidewise/shared/auth';
import { TriangleAlert, UserPlus } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useMutation, useQuery } from 'urql';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { Alert, AlertDescription, AlertTitle } from '../../../ui/alert.tsx';
import { Input } from '../../../ui/input.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { AuthCard } from '../../../ui/auth-card.tsx';
import { FormField } from '../../../ui/form-field.tsx';
import { MfaMethodField, mfaMethodSchema } from '../components/mfa-method-choice.tsx';
import { NewPasswordFields, newPasswordShape, withPasswordConfirmation } from '../components/new-password-fields.tsx';
import { Form, FormAlert, setServerError, useZodForm } from '../../../ui/form.tsx';
import { SubmitButton } from '../../../ui/submit-button.tsx';
import { RegisterMutation, ValidateAuthenticationTokenQuery } from '../../../lib/invited-registration.ts';
import { errorMessage, serverFailure } from '../../../lib/errors.ts';
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

const registerSchema = withPasswordConfirmation(z.object({ ...newPasswordShape, mfaMethod: mfaMethodSchema }));

const RegisterForm = ({ token }: { token: string }) => {
  const navigate = useNavigate();
  const [{ data, fetching, error: queryError }] = useQuery({
    query: ValidateAuthenticationTokenQuery,
    variables: { token },
    requestPolicy: 'network-only',
  });
  const [, register] = useMutation(RegisterMutation);
  const form = useZodForm(registerSchema, { defaultValues: { password: '', confirmation: '', mfaMethod: '' } });

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

  const onSubmit = async ({ password, mfaMethod }: { password: string; mfaMethod: MfaMethod }) => {
    const result = await register({ input: { token, password, mfaMethod } });
    const registered = result.data?.register;
    if (!registered) {
      setServerError(form, serverFailure(result.error, AUTH_FALLBACK_MESSAGES.registration));
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
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
        <FormAlert control={form.control} />
        <FormField id="register-email" label="Email">
          <Input id="register-email" type="email" value={invited.email} readOnly autoComplete="username" className="bg-muted" />
        </FormField>
        <NewPasswordFields idPrefix="register" control={form.control} />
        <MfaMethodField control={form.control} />
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Creating account…">
          Create Account
        </SubmitButton>
      </Form>
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
