import { useMemo } from 'react';
import { z } from 'zod';
import type { ServerFailure } from '../../lib/errors.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Form, FormAlert, SelectField, setServerError, TextField, useSaved, useZodForm } from '../../ui/form.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { unitText } from './format.ts';
import type { FieldDefinition, TransformationInput } from './graphql.ts';

/** Fuel densities in t/m³ lie far inside this range (LNG about 0.45, heavy fuel oil about 0.99). */
const DENSITY_MIN = 0.1;
const DENSITY_MAX = 2;

/** A decimal typed with a point or a comma ("0.991", "0,991"); NaN when it is not one. */
export const parseDecimal = (text: string) => {
  const trimmed = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$|^\.\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/** The unit the column's values are in, and the density when that unit is a volume. */
export const unitSchema = (field: Pick<FieldDefinition, 'acceptedUnits'>) =>
  z
    .object({ unit: z.string().min(1, 'Choose the unit the values are in.'), density: z.string() })
    .superRefine((values, ctx) => {
      const unit = field.acceptedUnits.find((u) => u.unit === values.unit);
      if (!unit) {
        ctx.addIssue({ code: 'custom', path: ['unit'], message: 'Choose one of the units listed.' });
        return;
      }
      if (!unit.needsDensity) return;
      const density = parseDecimal(values.density);
      if (!values.density.trim()) {
        ctx.addIssue({ code: 'custom', path: ['density'], message: `Enter the density in t/m³ to turn ${unit.label} into tonnes.` });
      } else if (Number.isNaN(density)) {
        ctx.addIssue({ code: 'custom', path: ['density'], message: 'Enter the density as a number, e.g. 0.991.' });
      } else if (density < DENSITY_MIN || density > DENSITY_MAX) {
        ctx.addIssue({
          code: 'custom',
          path: ['density'],
          message: `A density between ${DENSITY_MIN} and ${DENSITY_MAX} t/m³ is expected (heavy fuel oil is about 0.991).`,
        });
      }
    })
    .transform(({ unit, density }): TransformationInput => {
      const needsDensity = field.acceptedUnits.find((u) => u.unit === unit)?.needsDensity;
      return needsDensity ? { type: 'unit_conversion', unit, density: parseDecimal(density) } : { type: 'unit_conversion', unit };
    });

/**
 * The unit a numeric column's values are in (the field's accepted units), with the fuel's density
 * when the unit is a volume: saved as the mapping's unit conversion.
 */
export const UnitForm = ({
  field,
  columnName,
  initialUnit,
  initialDensity,
  disabled = false,
  onSave,
}: {
  field: FieldDefinition;
  columnName: string;
  initialUnit: string;
  initialDensity: number | null;
  disabled?: boolean;
  onSave: (transformation: TransformationInput) => Promise<ServerFailure | string | null>;
}) => {
  const schema = useMemo(() => unitSchema(field), [field]);
  const form = useZodForm(schema, { defaultValues: { unit: initialUnit, density: initialDensity === null ? '' : String(initialDensity) } });
  const saved = useSaved(form);
  const unit = form.watch('unit');
  const chosen = field.acceptedUnits.find((u) => u.unit === unit);
  const idPrefix = `unit-${field.key}`;

  return (
    <Form
      form={form}
      idPrefix={idPrefix}
      aria-label={`Unit of ${columnName}`}
      onSubmit={async (transformation) => {
        setServerError(form, await onSave(transformation));
      }}
      className="flex flex-col gap-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="unit"
          label="Unit of the values"
          hint={field.canonicalUnit ? `Stored in ${unitText(field.canonicalUnit)}.` : undefined}
          disabled={disabled}
        >
          {field.acceptedUnits.map((u) => (
            <option key={u.unit} value={u.unit}>
              {u.label} ({unitText(u.unit)})
            </option>
          ))}
        </SelectField>
        {chosen?.needsDensity ? (
          <TextField
            control={form.control}
            name="density"
            label="Density (t/m³)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.991"
            hint="Turns the volume into tonnes. Use the density on the bunker delivery note."
            disabled={disabled}
          />
        ) : null}
      </div>
      <FormAlert control={form.control} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="outline" size="sm" disabled={disabled || form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner className="text-current" label="Saving the unit" /> : null}
          Save unit
        </Button>
        {saved ? (
          <Alert variant="success" className="w-auto px-3 py-1.5">
            Unit saved.
          </Alert>
        ) : null}
      </div>
    </Form>
  );
};
