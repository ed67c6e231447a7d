import { z } from 'zod';
import type { ServerFailure } from '../../lib/errors.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Form, FormAlert, SelectField, setServerError, useSaved, useZodForm } from '../../ui/form.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import type { FieldDefinition, TransformationInput } from './graphql.ts';

const valueMappingSchema = z
  .object({ entries: z.array(z.object({ source: z.string(), target: z.string() })) })
  .transform(({ entries }): { transformation: TransformationInput | null } => {
    const mapping = Object.fromEntries(entries.filter((e) => e.target !== '').map((e) => [e.source, e.target]));
    return { transformation: Object.keys(mapping).length > 0 ? { type: 'value_mapping', mapping } : null };
  });

/**
 * For an enum field: the column's texts the catalogue does not recognise, each with the allowed value
 * it stands for. Saved as the mapping's value mapping; "Leave as it is" keeps a text out of it (the
 * validation then reports it).
 */
export const ValueMappingForm = ({
  field,
  columnName,
  sources,
  saved: savedTable,
  disabled = false,
  onSave,
}: {
  field: FieldDefinition;
  columnName: string;
  /** Source texts to offer, in order. */
  sources: readonly string[];
  saved: Record<string, string>;
  disabled?: boolean;
  /** null: remove the value mapping. */
  onSave: (transformation: TransformationInput | null) => Promise<ServerFailure | string | null>;
}) => {
  const form = useZodForm(valueMappingSchema, {
    defaultValues: { entries: sources.map((source) => ({ source, target: savedTable[source] ?? '' })) },
  });
  const saved = useSaved(form);
  const idPrefix = `values-${field.key}`;

  return (
    <Form
      form={form}
      idPrefix={idPrefix}
      aria-label={`Values of ${columnName}`}
      onSubmit={async ({ transformation }) => {
        setServerError(form, await onSave(transformation));
      }}
      className="flex flex-col gap-3"
    >
      <p className="text-sm text-muted-foreground">
        {sources.length === 1 ? 'This text is' : 'These texts are'} not one of the values {field.label} allows. Say what each one means.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {sources.map((source, index) => (
          <SelectField key={source} control={form.control} name={`entries.${index}.target`} label={`“${source}” means`} disabled={disabled}>
            <option value="">Leave as it is</option>
            {field.allowedValues.map((allowed) => (
              <option key={allowed.value} value={allowed.value}>
                {allowed.label}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <FormAlert control={form.control} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="outline" size="sm" disabled={disabled || form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner className="text-current" label="Saving the values" /> : null}
          Save values
        </Button>
        {saved ? (
          <Alert variant="success" className="w-auto px-3 py-1.5">
            Values saved.
          </Alert>
        ) : null}
      </div>
    </Form>
  );
};
