import { organizationAccountSchema } from '@tidewise/shared/auth';
import { Building2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { usePageMeta } from '../../../../lib/page-meta.ts';
import { Form, TextField, useZodForm } from '../../../../ui/form.tsx';
import { NewPasswordFields, newPasswordShape, withPasswordConfirmation } from '../../components/new-password-fields.tsx';
import { SubmitButton } from '../../../../ui/submit-button.tsx';
import { signupPassword } from '../../lib/signup-password.ts';
import { clearMfaState, EMPTY_SIGNUP, readSignupData, writeSignupData } from '../../../../lib/auth-storage.ts';
import { SignupFrame } from './signup-frame.tsx';

const accountSchema = withPasswordConfirmation(
  organizationAccountSchema.pick({ organizationName: true, firstName: true, lastName: true, email: true }).extend(newPasswordShape),
);
type Basics = { organizationName: string; firstName: string; lastName: string; email: string };

const TEXT_FIELDS: Array<{ key: keyof Basics; label: string; autoComplete: string; type?: string }> = [
  { key: 'organizationName', label: 'Organisation name', autoComplete: 'organization' },
  { key: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { key: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { key: 'email', label: 'Work email', autoComplete: 'email', type: 'email' },
];

export const SignupAccountStep = () => {
  usePageMeta({ title: 'Create an organisation account', description: 'Sign your organisation up to Tidewise in four short steps.' });
  const navigate = useNavigate();
  const saved = readSignupData();
  const form = useZodForm(accountSchema, {
    defaultValues: {
      organizationName: saved?.organizationName ?? '',
      firstName: saved?.firstName ?? '',
      lastName: saved?.lastName ?? '',
      email: saved?.email ?? '',
      password: signupPassword.get(),
      confirmation: signupPassword.get(),
    },
  });

  const onSubmit = ({ organizationName, firstName, lastName, email, password }: Basics & { password: string }) => {
    clearMfaState();
    writeSignupData({ ...(saved ?? EMPTY_SIGNUP), organizationName, firstName, lastName, email, mfaSetupComplete: false });
    signupPassword.set(password);
    navigate('/auth/organization-signup/details');
  };

  return (
    <SignupFrame
      step={1}
      icon={Building2}
      title="Create an organisation account"
      description="For companies that request emissions data from their suppliers. You'll be the administrator."
      footer={
        <p>
          Invited by a customer? Use the link in your invitation email.{' '}
          <Link to="/auth/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      <Form form={form} onSubmit={onSubmit} idPrefix="signup" className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {TEXT_FIELDS.map((field) => (
            <div key={field.key} className={field.key === 'organizationName' || field.key === 'email' ? 'sm:col-span-2' : undefined}>
              <TextField
                control={form.control}
                name={field.key}
                label={field.label}
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                required
              />
            </div>
          ))}
        </div>
        <NewPasswordFields idPrefix="signup" control={form.control} />
        <SubmitButton pending={false} pendingLabel="">
          Continue
        </SubmitButton>
      </Form>
    </SignupFrame>
  );
};
