import {
  CONTACT_REASON_LABELS,
  CONTACT_REASONS,
  type ContactReason,
  type ContactRequestInput,
  contactRequestSchema,
} from '@tidewise/shared/contact';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { Alert, AlertDescription, AlertTitle } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Input, Textarea } from '../../../ui/input.tsx';
import { FieldError, Label } from '../../../ui/label.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { submitContactRequest } from './submit-contact-request.ts';

type Field = keyof ContactRequestInput;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const FIELDS: Field[] = ['name', 'email', 'company', 'reason', 'message'];

export const isContactReason = (value: string | null): value is ContactReason =>
  value !== null && (CONTACT_REASONS as readonly string[]).includes(value);

/** The first message per field, from the same schema the server uses. */
export const validateContact = (values: Values): { data?: ContactRequestInput; errors: Errors } => {
  const parsed = contactRequestSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
};

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive';

export const ContactForm = ({ initialReason, initialMessage = '' }: { initialReason?: ContactReason; initialMessage?: string }) => {
  const empty: Values = { name: '', email: '', company: '', reason: initialReason ?? '', message: initialMessage };
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const [successMessage, setSuccessMessage] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLDivElement>(null);

  const update = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(validateContact(next).errors);
  };

  const focusField = (field: Field) => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    const { data, errors: found } = validateContact(values);
    setErrors(found);
    if (!data) {
      const first = FIELDS.find((field) => found[field]);
      if (first) focusField(first);
      return;
    }
    setStatus('sending');
    const result = await submitContactRequest(data, honeypotRef.current?.value ?? '');
    if (result.ok) {
      setSuccessMessage(result.message);
      setStatus('sent');
      requestAnimationFrame(() => successRef.current?.focus());
      return;
    }
    setStatus('idle');
    setServerError(result.message);
    if (result.field) {
      setErrors((current) => ({ ...current, [result.field as Field]: result.message }));
      focusField(result.field);
    }
  };

  if (status === 'sent') {
    return (
      <div ref={successRef} tabIndex={-1} className="outline-none">
        <Alert variant="success" data-testid="contact-success">
          <div className="flex gap-3">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div>
              <AlertTitle>Message sent</AlertTitle>
              <AlertDescription>
                <p>{successMessage}</p>
              </AlertDescription>
            </div>
          </div>
        </Alert>
        <Button
          variant="outline"
          className="mt-6"
          onClick={() => {
            setValues({ ...empty, message: '' });
            setErrors({});
            setAttempted(false);
            setStatus('idle');
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  const fieldProps = (field: Field) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `contact-${field}-error` : undefined,
    required: true,
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Contact Tidewise" className="grid gap-5">
      {serverError ? (
        <Alert variant="destructive" data-testid="contact-error">
          <AlertTitle>Your message was not sent</AlertTitle>
          <AlertDescription>
            <p>{serverError}</p>
          </AlertDescription>
        </Alert>
      ) : null}
      <p className="text-sm text-muted-foreground">All fields are required.</p>
      <div className="grid gap-5 md:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="contact-name">Name</Label>
          <Input {...fieldProps('name')} autoComplete="name" onChange={(e) => update('name', e.target.value)} />
          <FieldError id="contact-name-error">{errors.name}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="contact-email">Work email</Label>
          <Input {...fieldProps('email')} type="email" autoComplete="email" onChange={(e) => update('email', e.target.value)} />
          <FieldError id="contact-email-error">{errors.email}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="contact-company">Company</Label>
          <Input {...fieldProps('company')} autoComplete="organization" onChange={(e) => update('company', e.target.value)} />
          <FieldError id="contact-company-error">{errors.company}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="contact-reason">Reason</Label>
          <select
            {...fieldProps('reason')}
            className={cn(selectClass, !values.reason && 'text-muted-foreground')}
            onChange={(e) => update('reason', e.target.value)}
          >
            <option value="" disabled>
              Choose a reason
            </option>
            {CONTACT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {CONTACT_REASON_LABELS[reason]}
              </option>
            ))}
          </select>
          <FieldError id="contact-reason-error">{errors.reason}</FieldError>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-message">Message</Label>
        <Textarea {...fieldProps('message')} rows={6} onChange={(e) => update('message', e.target.value)} />
        <FieldError id="contact-message-error">{errors.message}</FieldError>
      </div>
      {/* Bots fill every field; people never see this one, and assistive technology skips it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input ref={honeypotRef} id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div>
        <Button type="submit" size="lg" disabled={status === 'sending'}>
          {status === 'sending' ? <Spinner label="Sending" className="text-primary-foreground" /> : null}
          {status === 'sending' ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </form>
  );
};
