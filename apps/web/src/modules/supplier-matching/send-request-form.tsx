import { MAX_TASK_TITLE } from '@tidewise/shared/requests/inputs';
import { Send } from 'lucide-react';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useMutation } from 'urql';
import { mutationError } from '../../lib/errors.ts';
import { useTimeZone } from '../../lib/time-zone.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Form, FormAlert, SelectField, setServerError, TextareaField, TextField, useZodForm } from '../../ui/form.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { type RequestCategory, type ReviewUpload, SendUploadRequestsMutation } from './graphql.ts';
import {
  MAX_REQUEST_MESSAGE,
  REQUEST_CATEGORY_OPTIONS,
  type SendRequestValues,
  sendRequestSchema,
  todayIn,
  zoneOrBrowser,
} from './send-request-schema.ts';
import { countOf, defaultRequestTitle } from './supplier-review.ts';

type Props = {
  fileUploadId: string;
  /** The category most of the files have, preselected. */
  category: RequestCategory | null;
  /** The addresses of unknown suppliers to invite. */
  supplierEmails: readonly string[];
  /** Suppliers that will get a request (matched, or with an address). */
  recipients: number;
  /** Why sending is not possible now, or null. */
  blocker: string | null;
  onSent: (upload: ReviewUpload) => void;
};

/** "input.request.deadline" → "deadline": the form's fields carry the request input's names. */
const formField = (field: string | null) => field?.replace(/^input\.(request\.)?/, '') ?? null;

/**
 * The request sent from the upload: what data, for which period, by when, under which title, with
 * which note. "Send" stays disabled while a blocker (an unconfirmed match, matching still running)
 * holds, and says why; the server's refusal shows in the form's alert, or on the field it names.
 */
export const SendRequestForm = ({ fileUploadId, category, supplierEmails, recipients, blocker, onSent }: Props) => {
  const timeZone = zoneOrBrowser(useTimeZone());
  const now = useMemo(() => new Date(), []);
  const schema = useMemo(() => sendRequestSchema(now, timeZone), [now, timeZone]);
  const form = useZodForm(schema, {
    defaultValues: { requiredUploadPurpose: category ?? '', requiredUploadSecondaryPurpose: '', deadline: '', title: '', message: '' },
  });
  const [, send] = useMutation(SendUploadRequestsMutation);
  const [purpose, period] = useWatch({ control: form.control, name: ['requiredUploadPurpose', 'requiredUploadSecondaryPurpose'] });
  const suggestedTitle = defaultRequestTitle(purpose, period);
  const pending = form.formState.isSubmitting;

  const submit = async (values: SendRequestValues) => {
    const answer = await send(
      {
        input: {
          fileUploadId,
          supplierEmails: [...supplierEmails],
          request: {
            requiredUploadPurpose: values.requiredUploadPurpose,
            requiredUploadSecondaryPurpose: values.requiredUploadSecondaryPurpose,
            deadline: values.deadline.toISOString(),
            title: values.title,
            message: values.message,
          },
        },
      },
      { additionalTypenames: ['FileUpload', 'UploadSupplierData', 'CalendarTask'] },
    );
    const failure = mutationError(answer, (d) => d.completeFileUpload);
    if (failure) {
      setServerError(form, { message: failure.message, field: formField(failure.field) });
      return;
    }
    if (answer.data) onSent(answer.data.completeFileUpload);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Send the request</CardTitle>
        <CardDescription>
          {recipients > 0
            ? `${countOf(recipients, 'supplier')} will get a request with this deadline; each sees only its own rows. Completing the upload this way also locks its files.`
            : 'Each supplier that is matched or has an address gets a request with this deadline. Completing the upload this way also locks its files.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onSubmit={submit} idPrefix="send-request" className="flex flex-col gap-4">
          <FormAlert control={form.control} title="The request was not sent" />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
            <SelectField control={form.control} name="requiredUploadPurpose" label="Data asked for">
              <option value="" disabled>
                Choose a category
              </option>
              {REQUEST_CATEGORY_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </SelectField>
            <TextField
              control={form.control}
              name="requiredUploadSecondaryPurpose"
              label="Reporting period"
              placeholder="2025-Q3"
              autoComplete="off"
              hint="A year, quarter, half or month: 2025, 2025-Q3, 2025-H1, 2025-07."
            />
            <TextField
              control={form.control}
              name="deadline"
              label="Deadline"
              type="date"
              min={todayIn(now, timeZone)}
              hint={`Due by the end of that day (${timeZone}).`}
            />
          </div>
          <TextField
            control={form.control}
            name="title"
            label="Title"
            optional
            maxLength={MAX_TASK_TITLE}
            placeholder={suggestedTitle || undefined}
            hint={suggestedTitle ? `Left empty, it is “${suggestedTitle}”.` : 'Left empty, it names the data and the period.'}
          />
          <TextareaField
            control={form.control}
            name="message"
            label="Message to the suppliers"
            optional
            className="min-h-20"
            maxLength={MAX_REQUEST_MESSAGE}
            hint="Shown on each request and in its email, for example which vessels or voyages you need."
          />
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p id="send-request-blocker" className="text-sm text-muted-foreground" aria-live="polite">
              {blocker ?? ''}
            </p>
            <Button
              type="submit"
              className="sm:self-end"
              disabled={pending || blocker !== null}
              aria-describedby={blocker ? 'send-request-blocker' : undefined}
            >
              {pending ? <Spinner className="text-current" label="Sending" /> : <Send aria-hidden="true" />}
              {pending ? 'Sending…' : 'Send request'}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
};
