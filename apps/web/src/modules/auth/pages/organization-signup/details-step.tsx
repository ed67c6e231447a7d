import { COMPANY_SIZES, INDUSTRIES, INDUSTRY_LABELS, organizationAccountSchema } from '@tidewise/shared/auth';
import { ArrowLeft, Factory } from 'lucide-react';
import { Link, Navigate, useNavigate } from 'react-router';
import { cn } from '../../../../lib/cn.ts';
import { usePageMeta } from '../../../../lib/page-meta.ts';
import { Button } from '../../../../ui/button.tsx';
import { Field, Form, TextareaField, TextField, useZodForm } from '../../../../ui/form.tsx';
import { ServerAlert } from '../../../../ui/server-alert.tsx';
import { signupRedirect } from '../../lib/guards.ts';
import { EMPTY_SIGNUP, readSignupData, writeSignupData } from '../../../../lib/auth-storage.ts';
import { useGuard } from '../../lib/use-guard.ts';
import { SignupFrame } from './signup-frame.tsx';

/** Industry and size are required ("Please fill in all required fields"); the rest as the server checks them. */
const detailsSchema = organizationAccountSchema.pick({
  industry: true,
  companySize: true,
  website: true,
  registrationNumber: true,
  description: true,
});

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive';

export const SignupDetailsStep = () => {
  usePageMeta({ title: 'Company details', description: 'Tell us about your organisation.' });
  const redirect = useGuard(signupRedirect);
  const navigate = useNavigate();
  const saved = readSignupData() ?? EMPTY_SIGNUP;
  const form = useZodForm(detailsSchema, {
    defaultValues: {
      industry: saved.industry,
      companySize: saved.companySize,
      website: saved.website,
      registrationNumber: saved.registrationNumber,
      description: saved.description,
    },
  });
  const { errors } = form.formState;
  if (redirect) return <Navigate to={redirect} replace />;

  // Stored as typed (the server trims and clears empty values when the account is created).
  const onSubmit = () => {
    const { industry, companySize, website, registrationNumber, description } = form.getValues();
    writeSignupData({
      ...(readSignupData() ?? EMPTY_SIGNUP),
      industry,
      companySize,
      website: website ?? '',
      registrationNumber: registrationNumber ?? '',
      description: description ?? '',
    });
    navigate('/auth/organization-signup/mfa');
  };

  return (
    <SignupFrame
      step={2}
      icon={Factory}
      title="Company details"
      description="This helps your suppliers recognise who is asking them for data."
    >
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
        {/* One message for both selects, which only turn red. */}
        <ServerAlert message={errors.industry?.message ?? errors.companySize?.message} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            control={form.control}
            name="industry"
            id="signup-industry"
            label="Industry"
            showError={false}
            render={(field) => (
              <select {...field} className={cn(selectClass, !field.value && 'text-muted-foreground')} required>
                <option value="">Select industry</option>
                {INDUSTRIES.map((industry) => (
                  <option key={industry} value={industry}>
                    {INDUSTRY_LABELS[industry]}
                  </option>
                ))}
              </select>
            )}
          />
          <Field
            control={form.control}
            name="companySize"
            id="signup-company-size"
            label="Company size"
            showError={false}
            render={(field) => (
              <select {...field} className={cn(selectClass, !field.value && 'text-muted-foreground')} required>
                <option value="">Select size</option>
                {COMPANY_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size} employees
                  </option>
                ))}
              </select>
            )}
          />
        </div>
        <TextField
          control={form.control}
          name="website"
          id="signup-website"
          label="Website"
          optional
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
        />
        <TextField
          control={form.control}
          name="registrationNumber"
          id="signup-registration"
          label="Company registration number"
          optional
          hint="For example your CVR, IMO company or VAT number."
        />
        <TextareaField
          control={form.control}
          name="description"
          id="signup-description"
          label="Description"
          optional
          placeholder="What your organisation does, fleet or services"
          className="min-h-20"
        />
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
      </Form>
    </SignupFrame>
  );
};
