import { AUTH_FALLBACK_MESSAGES, AUTH_STORAGE_KEYS, type MfaMethod } from '@tidewise/shared/auth';
import { passwordSchema } from '@tidewise/shared/password';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { z } from 'zod';
import { usePageMeta } from '../../../../lib/page-meta.ts';
import { Button } from '../../../../ui/button.tsx';
import { AuthenticatorWizard } from '../../components/authenticator-wizard.tsx';
import { EmailCodeVerification } from '../../../../lib/email-code-verification.tsx';
import { Form, FormAlert, PasswordField, setServerError, useZodForm } from '../../../../ui/form.tsx';
import { MfaMethodField, mfaMethodSchema } from '../../components/mfa-method-choice.tsx';
import { SubmitButton } from '../../../../ui/submit-button.tsx';
import { CreateOrganizationAccountMutation } from '../../graphql.ts';
import { serverFailure } from '../../../../lib/errors.ts';
import { signupRedirect } from '../../lib/guards.ts';
import { signupPassword } from '../../lib/signup-password.ts';
import {
  clearMfaState,
  MFA_OTPAUTH_URI_KEY,
  readSignupData,
  readStored,
  type SignupData,
  writeAuthenticatorSetup,
  writeSignupData,
  writeStored,
} from '../../../../lib/auth-storage.ts';
import { useGuard } from '../../lib/use-guard.ts';
import { SignupFrame } from './signup-frame.tsx';

const optional = (value: string) => value.trim() || null;

/** The method, and the password again when a reload dropped it (it is never stored). */
const createAccountSchema = z.object({ password: passwordSchema, mfaMethod: mfaMethodSchema });

/** Chooses the second factor and creates the account (createOrganizationAccount). */
const CreateAccountForm = ({ data, onCreated }: { data: SignupData; onCreated: (userId: string, method: MfaMethod) => void }) => {
  const askPassword = useState(() => !signupPassword.get())[0];
  const form = useZodForm(createAccountSchema, { defaultValues: { password: signupPassword.get(), mfaMethod: data.mfaMethod } });
  const [, createAccount] = useMutation(CreateOrganizationAccountMutation);

  const onSubmit = async ({ password, mfaMethod: method }: { password: string; mfaMethod: MfaMethod }) => {
    const result = await createAccount({
      input: {
        organizationName: data.organizationName,
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email,
        password,
        industry: data.industry,
        companySize: data.companySize,
        website: optional(data.website),
        registrationNumber: optional(data.registrationNumber),
        description: optional(data.description),
        mfaMethod: method,
      },
    });
    const created = result.data?.createOrganizationAccount;
    if (!created) {
      setServerError(form, serverFailure(result.error, AUTH_FALLBACK_MESSAGES.registration));
      return;
    }
    signupPassword.clear();
    clearMfaState();
    writeStored(AUTH_STORAGE_KEYS.mfaUserId, created.userId);
    writeAuthenticatorSetup(created);
    writeSignupData({ ...data, mfaMethod: method });
    onCreated(created.userId, method);
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormAlert control={form.control} />
      {askPassword ? (
        <PasswordField
          control={form.control}
          name="password"
          id="signup-password-again"
          label="Password"
          hint="For your security we don't keep your password when the page reloads. Enter the password you chose in step 1."
          autoComplete="new-password"
          required
        />
      ) : null}
      <MfaMethodField control={form.control} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" size="lg" asChild>
          <Link to="/auth/organization-signup/details">
            <ArrowLeft aria-hidden="true" />
            Back
          </Link>
        </Button>
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Creating account…" className="sm:w-auto">
          Create Account
        </SubmitButton>
      </div>
    </Form>
  );
};

export const SignupMfaStep = () => {
  usePageMeta({ title: 'Secure your account', description: 'Choose a second factor for your Tidewise sign-ins.' });
  const redirect = useGuard(signupRedirect);
  const navigate = useNavigate();
  const [data] = useState(readSignupData);
  // After a reload mid-verification the account exists already: resume with the stored user id.
  const [created, setCreated] = useState<{ userId: string; method: MfaMethod } | null>(() => {
    const userId = readStored(AUTH_STORAGE_KEYS.mfaUserId);
    return userId && data?.mfaMethod ? { userId, method: data.mfaMethod } : null;
  });
  if (redirect || !data) return <Navigate to={redirect ?? '/auth/organization-signup'} replace />;
  if (data.mfaSetupComplete) return <Navigate to="/auth/organization-signup/welcome" replace />;

  const onVerified = (token: string) => {
    writeSignupData({ ...data, mfaSetupComplete: true });
    clearMfaState();
    navigate('/auth/organization-signup/welcome', { replace: true, state: { handoffToken: token } });
  };

  if (created?.method === 'Authenticator') {
    return (
      <SignupFrame
        step={3}
        icon={ShieldCheck}
        title="Set up your authenticator"
        description={`Your account for ${data.email} is created. Connect your app to finish.`}
      >
        <AuthenticatorWizard
          userId={created.userId}
          qrCodeDataURL={readStored(AUTH_STORAGE_KEYS.mfaQrCode)}
          otpauthUri={readStored(MFA_OTPAUTH_URI_KEY)}
          onVerified={onVerified}
        />
      </SignupFrame>
    );
  }
  if (created?.method === 'Email') {
    return (
      <SignupFrame
        step={3}
        icon={ShieldCheck}
        title="Confirm your email"
        description={
          <p>
            We sent a 6-digit code to <strong className="break-all text-foreground">{data.email}</strong>.
          </p>
        }
      >
        <EmailCodeVerification userId={created.userId} onVerified={onVerified} submitLabel="Verify and continue" />
      </SignupFrame>
    );
  }
  return (
    <SignupFrame
      step={3}
      icon={ShieldCheck}
      title="Secure your account"
      description="Every Tidewise sign-in needs a second step. Choose how you want to receive your codes."
    >
      <CreateAccountForm data={data} onCreated={(userId, method) => setCreated({ userId, method })} />
    </SignupFrame>
  );
};
