import { AUTH_FALLBACK_MESSAGES, AUTH_STORAGE_KEYS } from '@tidewise/shared/auth';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@tidewise/shared/password';
import { ArrowRight, Handshake, KeyRound, MailCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { z } from 'zod';
import { cn } from '../../lib/cn.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { AuthCard } from '../../ui/auth-card.tsx';
import { EmailCodeVerification } from '../../lib/email-code-verification.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Form, FormAlert, mustMatch, PasswordField, setServerError, useZodForm } from '../../ui/form.tsx';
import { registrationStrength } from '../../lib/password-strength.ts';
import { StrengthMeter } from '../../ui/strength-meter.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { type InvitedUser, RegisterMutation, ValidateAuthenticationTokenQuery } from '../../lib/invited-registration.ts';
import { errorMessage, serverFailure } from '../../lib/errors.ts';
import { callbackUrl } from '../../lib/return-path.ts';
import { clearMfaState, writeStored } from '../../lib/auth-storage.ts';

const STEPS = ['Welcome', 'Create account', 'Verify email'];
const DEFAULT_REQUESTER = 'YOUR CUSTOMER';

/** The customer asking for data, as the invitation names it: its name in upper case, or a default. */
export const requesterLabel = (user: InvitedUser | null | undefined) =>
  user?.organizationUser?.organization.createdByOrganization?.name?.trim().toUpperCase() || DEFAULT_REQUESTER;

const Steps = ({ current }: { current: number }) => (
  <ol className="flex items-center justify-center gap-2 text-xs font-medium" aria-label="Registration steps">
    {STEPS.map((label, index) => (
      <li key={label} aria-current={index === current ? 'step' : undefined} className="flex items-center gap-2">
        <span
          className={cn(
            'flex size-6 items-center justify-center rounded-full border',
            index === current
              ? 'border-primary bg-primary text-primary-foreground'
              : index < current
                ? 'border-success text-success'
                : 'border-border text-muted-foreground',
          )}
          aria-hidden="true"
        >
          {index + 1}
        </span>
        <span className={cn(index === current ? 'text-foreground' : 'text-muted-foreground', index !== current && 'hidden sm:inline')}>
          {label}
        </span>
        {index < STEPS.length - 1 ? <span className="h-px w-4 bg-border sm:w-6" aria-hidden="true" /> : null}
      </li>
    ))}
  </ol>
);

const InvalidInvitation = ({ title, message }: { title: string; message: string }) => (
  <AuthCard icon={TriangleAlert} tone="destructive" title="We can't open this invitation">
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        <p className="mt-2">Please contact the person who sent you the invitation and ask them for a new link.</p>
      </AlertDescription>
    </Alert>
  </AuthCard>
);

const Welcome = ({ token, onStart }: { token: string; onStart: (user: InvitedUser) => void }) => {
  const [{ data, fetching, error }] = useQuery({
    query: ValidateAuthenticationTokenQuery,
    variables: { token },
    requestPolicy: 'network-only',
  });
  const user = data?.validateAuthenticationToken;
  if (fetching && !data) {
    return (
      <AuthCard title="Checking your invitation…" top={<Steps current={0} />}>
        <div className="flex justify-center py-4">
          <Spinner label="Checking your invitation" />
        </div>
      </AuthCard>
    );
  }
  if (!user)
    return <InvalidInvitation title="Invalid or Expired Token" message={errorMessage(error, AUTH_FALLBACK_MESSAGES.invalidInvitation)} />;
  const requester = requesterLabel(user);
  const supplierName = user.organizationUser?.organization.name;
  return (
    <AuthCard
      top={<Steps current={0} />}
      icon={Handshake}
      title="You're invited to share emissions data"
      description={
        <p>
          <strong className="font-semibold tracking-wide text-foreground">{requester}</strong> uses Tidewise to collect Scope 3 emissions
          data from its suppliers
          {supplierName ? (
            <>
              {' '}
              and has invited you on behalf of <strong className="text-foreground">{supplierName}</strong>
            </>
          ) : null}
          .
        </p>
      }
    >
      <ul className="flex flex-col gap-2 rounded-lg border border-border p-4 text-sm text-muted-foreground">
        <li>1. Create your account with a password.</li>
        <li>2. Confirm your email address with a 6-digit code.</li>
        <li>3. Answer the data request from your customer.</li>
      </ul>
      <p className="text-sm">
        Invitation for <strong className="break-all">{user.email}</strong>
      </p>
      <Button size="lg" className="w-full" onClick={() => onStart(user)} disabled={!user.id}>
        Start Registration
        <ArrowRight aria-hidden="true" />
      </Button>
    </AuthCard>
  );
};

/** The invited supplier's password: at least 8 characters here, the full rule on the server, and typed twice. */
const supplierPasswordSchema = mustMatch(
  z.object({
    password: z.string().min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort }),
    confirmation: z.string(),
  }),
  'confirmation',
  'password',
  PASSWORD_MESSAGES.mismatchInvited,
);

const CreateAccount = ({ token, user, onRegistered }: { token: string; user: InvitedUser; onRegistered: (userId: string) => void }) => {
  const [, register] = useMutation(RegisterMutation);
  const form = useZodForm(supplierPasswordSchema, { defaultValues: { password: '', confirmation: '' } });
  const strength = registrationStrength(useWatch({ control: form.control, name: 'password' }));

  const onSubmit = async ({ password }: { password: string }) => {
    const result = await register({ input: { token, password, mfaMethod: 'Email' } });
    const registered = result.data?.register;
    if (!registered) {
      setServerError(form, serverFailure(result.error, AUTH_FALLBACK_MESSAGES.registration));
      return;
    }
    clearMfaState();
    writeStored(AUTH_STORAGE_KEYS.mfaUserId, registered.userId);
    onRegistered(registered.userId);
  };

  return (
    <AuthCard
      top={<Steps current={1} />}
      icon={KeyRound}
      title="Create your account"
      description="Choose the password you'll use to sign in to Tidewise."
    >
      <Form form={form} onSubmit={onSubmit} idPrefix="supplier" className="flex flex-col gap-5">
        <FormAlert control={form.control} />
        <FormField id="supplier-email" label="Email">
          <Input id="supplier-email" type="email" value={user.email} readOnly autoComplete="username" className="bg-muted" />
        </FormField>
        <PasswordField
          control={form.control}
          name="password"
          label="Password"
          autoComplete="new-password"
          describedBy="supplier-password-strength"
          deps={['confirmation']}
          required
        />
        <div id="supplier-password-strength">
          <StrengthMeter value={strength.value} label={strength.label} criteria={strength.criteria} />
        </div>
        <PasswordField control={form.control} name="confirmation" label="Confirm password" autoComplete="new-password" required />
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Creating account…">
          Create Account
        </SubmitButton>
      </Form>
    </AuthCard>
  );
};

/**
 * Invited supplier registration (spec section 4): welcome with the invitation checked, password,
 * then the emailed code; always the Email method; ends at the callback.
 */
export const SupplierRegisterPage = () => {
  usePageMeta({ title: 'Supplier registration', description: 'Accept your customer’s invitation to share emissions data on Tidewise.' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';
  const [user, setUser] = useState<InvitedUser | null>(null);
  const [userId, setUserId] = useState<string | null>(null);

  if (!token) return <InvalidInvitation title="Invalid Link" message={AUTH_FALLBACK_MESSAGES.missingInvitation} />;
  if (userId && user) {
    return (
      <AuthCard
        top={<Steps current={2} />}
        icon={MailCheck}
        title="Verify your email"
        description={
          <p>
            We sent a 6-digit code to <strong className="break-all text-foreground">{user.email}</strong>.
          </p>
        }
      >
        <EmailCodeVerification
          userId={userId}
          onVerified={(handoff) => navigate(callbackUrl(handoff), { replace: true })}
          submitLabel="Verify and continue"
        />
      </AuthCard>
    );
  }
  if (user) return <CreateAccount token={token} user={user} onRegistered={setUserId} />;
  return <Welcome token={token} onStart={setUser} />;
};
