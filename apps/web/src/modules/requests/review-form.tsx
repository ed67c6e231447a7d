import { MessageSquarePlus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormState } from 'react-hook-form';
import type { ServerFailure } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { Form, FormAlert, SelectField, setServerError, TextareaField, TextField, useZodForm } from '../../ui/form.tsx';
import { FieldError } from '../../ui/label.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import type { CategoryField } from './graphql.ts';
import { emptyComment, type ReviewFormValues, reviewFormSchema } from './review-schema.ts';

/**
 * Returning a request: an overall message and a list of comments, each on a row (its number as the
 * supplier's file shows it), a field of the requested category, or one cell (both). Comments can be
 * added and removed until it is sent; every problem shows on the comment it is about.
 */
export const ReviewForm = ({
  fields,
  fieldsError,
  onSubmit,
  onCancel,
}: {
  /** The requested category's fields, to pick from; empty when the request names no category. */
  fields: readonly CategoryField[];
  /** Why the fields could not be loaded (comments per row still work). */
  fieldsError?: string | null;
  onSubmit: (review: ReviewFormValues) => Promise<ServerFailure | string | null>;
  onCancel: () => void;
}) => {
  const form = useZodForm(reviewFormSchema, { defaultValues: { message: '', comments: [] } });
  const comments = useFieldArray({ control: form.control, name: 'comments' });
  const { errors } = useFormState({ control: form.control });
  const pending = form.formState.isSubmitting;

  const submit = async (values: ReviewFormValues) => {
    setServerError(form, await onSubmit(values));
  };

  return (
    <Form form={form} onSubmit={submit} idPrefix="review" className="flex flex-col gap-5">
      <FormAlert control={form.control} />
      <TextareaField
        control={form.control}
        name="message"
        label="What should the supplier change?"
        hint="Sent to the supplier's users with the comments below."
        rows={3}
        required
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold">
          Comments <span className="font-normal text-muted-foreground">({comments.fields.length})</span>
        </legend>
        {comments.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Point at what is wrong: a row of the supplier's file, a field, or one cell (a row and a field).
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {comments.fields.map((comment, index) => (
              <li key={comment.id} className="relative rounded-lg border border-border p-3">
                <Button
                  variant="ghost"
                  size="sm"
                  className="absolute right-2 top-2 text-destructive"
                  onClick={() => comments.remove(index)}
                  aria-label={`Remove comment ${index + 1}`}
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
                <fieldset className="flex flex-col gap-3">
                  <legend className="mb-3 py-2 text-sm font-semibold">Comment {index + 1}</legend>
                  <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
                    <TextField
                      control={form.control}
                      name={`comments.${index}.rowNumber`}
                      label="Row"
                      inputMode="numeric"
                      autoComplete="off"
                      optional
                    />
                    <SelectField control={form.control} name={`comments.${index}.field`} label="Field" optional>
                      <option value="">{fields.length > 0 ? 'Whole row' : 'No field'}</option>
                      {fields.map((f) => (
                        <option key={f.key} value={f.key}>
                          {f.label}
                        </option>
                      ))}
                    </SelectField>
                  </div>
                  <TextareaField control={form.control} name={`comments.${index}.message`} label="Comment" rows={2} required />
                </fieldset>
              </li>
            ))}
          </ol>
        )}
        {fieldsError ? <p className="text-sm text-muted-foreground">{fieldsError}</p> : null}
        <FieldError id="review-comments-error">{errors.comments?.root?.message ?? errors.comments?.message ?? null}</FieldError>
        <Button
          variant="outline"
          className="self-start"
          onClick={() => comments.append(emptyComment(), { focusName: `comments.${comments.fields.length}.rowNumber` })}
        >
          <MessageSquarePlus aria-hidden="true" />
          Add a comment
        </Button>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner className="text-current" label="Returning" /> : null}
          Return to the supplier
        </Button>
      </div>
    </Form>
  );
};
