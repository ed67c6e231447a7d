import { COMPANY_SIZES, INDUSTRIES, INDUSTRY_LABELS } from '@tidewise/shared/auth';
import { ArrowLeft, Factory } from 'lucide-react';
import { type SyntheticEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { cn } from '../../../../lib/cn.ts';
import { usePageMeta } from '../../../../lib/page-meta.ts';
import { Button } from '../../../../ui/button.tsx';
import { Input, Textarea } from '../../../../ui/input.tsx';
import { FormField } from '../../../../ui/form-field.tsx';
import { ServerAlert } from '../../../../ui/server-alert.tsx';
import { signupRedirect } from '../../lib/guards.ts';
import { EMPTY_SIGNUP, readSignupData, writeSignupData } from '../../../../lib/auth-storage.ts';
import { useGuard } from '../../lib/use-guard.ts';
import { SignupFrame } from './signup-frame.tsx';

const REQUIRED_MESSAGE = 'Please fill in all required fields';

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive';

export const SignupDetailsStep = () => {
  usePageMeta({ title: 'Company details', description: 'Tell us about your organisation.' });
  const redirect = useGuard(signupRedirect);
  const navigate = useNavigate();
  const saved = readSignupData() ?? EMPTY_SIGNUP;
  const [values, setValues] = useState({
    industry: saved.industry,
    companySize: saved.companySize,
    website: saved.website,
    registrationNumber: saved.registrationNumber,
    description: saved.description,
  });
  const [error, setError] = useState<string | null>(null);
  if (redirect) return <Navigate to={redirect} replace />;

  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const missing = (key: 'industry' | 'companySize') => Boolean(error) && !values[key];

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values.industry || !values.companySize) {
      setError(REQUIRED_MESSAGE);
      document.getElementById(values.industry ? 'signup-company-size' : 'signup-industry')?.focus();
      return;
    }
    writeSignupData({ ...(readSignupData() ?? EMPTY_SIGNUP), ...values });
    navigate('/auth/organization-signup/mfa');
  };

  return (
    <SignupFrame
      step={2}
      icon={Factory}
      title="Company details"
      description="This helps your suppliers recognise who is asking them for data."
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-5" noValidate>
        <ServerAlert message={error} />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="signup-industry" label="Industry">
            <select
              id="signup-industry"
              className={cn(selectClass, !values.industry && 'text-muted-foreground')}
              value={values.industry}
              onChange={set('industry')}
              aria-invalid={missing('industry') || undefined}
              required
            >
              <option value="">Select industry</option>
              {INDUSTRIES.map((industry) => (
                <option key={industry} value={industry}>
                  {INDUSTRY_LABELS[industry]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="signup-company-size" label="Company size">
            <select
              id="signup-company-size"
              className={cn(selectClass, !values.companySize && 'text-muted-foreground')}
              value={values.companySize}
              onChange={set('companySize')}
              aria-invalid={missing('companySize') || undefined}
              required
            >
              <option value="">Select size</option>
              {COMPANY_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size} employees
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField id="signup-website" label="Website" optional>
          <Input
            id="signup-website"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            value={values.website}
            onChange={set('website')}
          />
        </FormField>
        <FormField
          id="signup-registration"
          label="Company registration number"
          optional
          hint="For example your CVR, IMO company or VAT number."
        >
          <Input
            id="signup-registration"
            value={values.registrationNumber}
            onChange={set('registrationNumber')}
            aria-describedby="signup-registration-hint"
          />
        </FormField>
        <FormField id="signup-description" label="Description" optional>
          <Textarea
            id="signup-description"
            value={values.description}
            onChange={set('description')}
            placeholder="What your organisation does, fleet or services"
            className="min-h-20"
          />
        </FormField>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="outline" size="lg" asChild>
            <Link to="/auth/organization-signup">
              <ArrowLeft aria-hidden="true" />
              Back
            </Link>
          </Button>
          <Button type="submit" size="lg">
            Continue
          </Button>
        </div>
      </form>
    </SignupFrame>
  );
};
