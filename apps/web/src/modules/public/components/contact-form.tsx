import {
  CONTACT_REASON_LABELS,
  CONTACT_REASONS,
  type ContactReason,
  type ContactRequestInput,
  contactRequestSchema,
} from '@tidewise/shared/contact';
import { CheckCircle2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { Alert, AlertDescription, AlertTitle } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field, Form, setServerError, TextareaField, TextField, useZodForm } from '../../../ui/form.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { submitContactRequest } from './submit-contact-request.ts';

type ContactField = keyof ContactRequestInput;
type Values = Record<ContactField, string>;
type Errors = Partial<Record<ContactField, string>>;

const FIELDS: ContactField[] = ['name', 'email', 'company', 'reason', 'message'];

export const isContactReason = (value: string | null): value is ContactReason =>
  value !== null && (CONTACT_REASONS as readonly string[]).includes(value);

/** The first message per field, from the same schema the server uses (the form checks with it too). */
export const validateContact = (values: Values): { data?: ContactRequestInput; errors: Errors } => {
  const parsed = contactRequestSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
};

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive';

export const ContactForm = ({ initialReason, initialMessage = '' }: { initialReason?: ContactReason; initialMessage?: string }) => {
  const empty: Values = { name: '', email: '', company: '', reason: initialReason ?? '', message: initialMessage };
  const form = useZodForm(contactRequestSchema, { defaultValues: empty });
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const sending = form.formState.isSubmitting;
  const serverError = form.formState.errors.root?.server?.message;

  const onSubmit = async (data: ContactRequestInput) => {
    const result = await submitContactRequest(data, honeypotRef.current?.value ?? '');
    if (result.ok) {
      setSuccessMessage(result.message);
      requestAnimationFrame(() => successRef.current?.focus());
      return;
    }
    setServerError(form, { message: result.message, field: result.field ?? null });
    // The red alert says the message was not sent, also when one field is to blame.
    form.setError('root.server', { type: 'server', message: result.message });
  };

  if (successMessage !== null) {
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
            form.reset({ ...empty, message: '' });
            setSuccessMessage(null);
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit} idPrefix="contact" aria-label="Contact Tidewise" className="grid gap-5">
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
        <TextField control={form.control} name="name" label="Name" fieldClassName="grid gap-2" autoComplete="name" required />
        <TextField
          control={form.control}
          name="email"
          label="Work email"
          fieldClassName="grid gap-2"
          type="email"
          autoComplete="email"
          required
        />
        <TextField control={form.control} name="company" label="Company" fieldClassName="grid gap-2" autoComplete="organization" required />
        <Field
          control={form.control}
          name="reason"
          label="Reason"
          fieldClassName="grid gap-2"
          render={(field) => (
            <select {...field} className={cn(selectClass, !field.value && 'text-muted-foreground')} required>
              <option value="" disabled>
                Choose a reason
              </option>
              {CONTACT_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {CONTACT_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
          )}
        />
      </div>
      <TextareaField control={form.control} name="message" label="Message" fieldClassName="grid gap-2" rows={6} required />
      {/* Bots fill every field; people never see this one, and assistive technology skips it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input ref={honeypotRef} id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div>
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? <Spinner label="Sending" className="text-primary-foreground" /> : null}
          {sending ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </Form>
  );
};
