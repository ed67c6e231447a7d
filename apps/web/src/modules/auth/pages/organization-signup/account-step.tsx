import { organizationAccountSchema } from '@tidewise/shared/auth';
import { Building2 } from 'lucide-react';
import { type SyntheticEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePageMeta } from '../../../../lib/page-meta.ts';
import { Input } from '../../../../ui/input.tsx';
import { FormField, describedBy } from '../../../../ui/form-field.tsx';
import { type NewPasswordErrors, NewPasswordFields, validateNewPassword } from '../../components/new-password-fields.tsx';
import { SubmitButton } from '../../../../ui/submit-button.tsx';
import { signupPassword } from '../../lib/signup-password.ts';
import { clearMfaState, EMPTY_SIGNUP, readSignupData, writeSignupData } from '../../../../lib/auth-storage.ts';
import { SignupFrame } from './signup-frame.tsx';

const basicsSchema = organizationAccountSchema.pick({ organizationName: true, firstName: true, lastName: true, email: true });
type Basics = { organizationName: string; firstName: string; lastName: string; email: string };
type Errors = Partial<Record<keyof Basics, string>> & NewPasswordErrors;

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
  const [values, setValues] = useState<Basics>({
    organizationName: saved?.organizationName ?? '',
    firstName: saved?.firstName ?? '',
    lastName: saved?.lastName ?? '',
    email: saved?.email ?? '',
  });
  const [password, setPassword] = useState(signupPassword.get());
  const [confirmation, setConfirmation] = useState(signupPassword.get());
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Errors = validateNewPassword(password, confirmation);
    const parsed = basicsSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Basics;
        next[key] ??= issue.message;
      }
    }
    setErrors(next);
    const first = [...TEXT_FIELDS.map((f) => f.key), 'password', 'confirmation'].find((key) => next[key as keyof Errors]);
    if (first || !parsed.success) {
      document.getElementById(`signup-${first}`)?.focus();
      return;
    }
    clearMfaState();
    writeSignupData({ ...(saved ?? EMPTY_SIGNUP), ...parsed.data, mfaSetupComplete: false });
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
      <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
        <div className="grid gap-5 sm:grid-cols-2">
          {TEXT_FIELDS.map((field) => (
            <div key={field.key} className={field.key === 'organizationName' || field.key === 'email' ? 'sm:col-span-2' : undefined}>
              <FormField id={`signup-${field.key}`} label={field.label} error={errors[field.key]}>
                <Input
                  id={`signup-${field.key}`}
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete}
                  value={values[field.key]}
                  onChange={(event) => setValues((v) => ({ ...v, [field.key]: event.target.value }))}
                  aria-invalid={Boolean(errors[field.key]) || undefined}
                  aria-describedby={describedBy(`signup-${field.key}`, { error: errors[field.key] })}
                  required
                />
              </FormField>
            </div>
          ))}
        </div>
        <NewPasswordFields
          idPrefix="signup"
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          errors={errors}
        />
        <SubmitButton pending={false} pendingLabel="">
          Continue
        </SubmitButton>
      </form>
    </SignupFrame>
  );
};
