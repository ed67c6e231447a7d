import { CONSUMER_CLASSES, FACTOR_FUELS, FACTOR_KINDS } from '@tidewise/shared/emissions/factors/types';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useMutation, useQuery } from 'urql';
import { mutationError } from '../../lib/errors.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormDialogFooter } from '../../ui/form-dialog-footer.tsx';
import { Form, FormAlert, SelectField, setServerError, TextareaField, TextField, useZodForm } from '../../ui/form.tsx';
import { FACTOR_KIND_LABELS } from './emission-format.ts';
import {
  emptyFactorForm,
  type FactorFormValues,
  factorFormSchema,
  isFuelKind,
  MAX_ACTIVITY,
  MAX_EVIDENCE,
  MAX_SOURCE_TEXT,
  toFactorInput,
  unitsFor,
} from './factor-schema.ts';
import { CreateEmissionFactorMutation, type EmissionFactor, FactorSuppliersQuery } from './graphql.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** An own factor to replace with a new version; null adds a new factor. */
  replaces: EmissionFactor | null;
  onCreated: (factor: EmissionFactor) => void;
};

/** "Add factor" (or a new version of an own factor). Each opening starts afresh. */
export const FactorFormDialog = (props: Props) => (props.open ? <FactorForm {...props} /> : null);

const SUPPLIER_PAGE = { page: 1, pageSize: 100 };

/** The form's starting values: empty, or the replaced factor's with the value and dates to fill in again. */
const startFrom = (replaces: EmissionFactor | null): FactorFormValues =>
  replaces
    ? {
        ...emptyFactorForm(),
        kind: replaces.kind,
        fuel: replaces.fuel ?? '',
        consumer: replaces.consumer ?? '',
        activity: replaces.activity ?? '',
        unit: replaces.unit,
        document: replaces.source.document,
        section: replaces.source.section,
        edition: replaces.source.edition,
        supplierOrganizationId: replaces.supplier?.id ?? '',
      }
    : emptyFactorForm();

export const FactorForm = ({ onOpenChange, replaces, onCreated }: Omit<Props, 'open'>) => {
  const form = useZodForm(factorFormSchema, { defaultValues: startFrom(replaces) });
  const [{ data: suppliers, error: suppliersError }] = useQuery({ query: FactorSuppliersQuery, variables: { pagination: SUPPLIER_PAGE } });
  const [, create] = useMutation(CreateEmissionFactorMutation);
  const pending = form.formState.isSubmitting;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const fuel = useWatch({ control: form.control, name: 'fuel' });
  const units = unitsFor(kind);
  const fuelKind = kind ? isFuelKind(kind) : false;

  // A kind with a single unit takes it; a unit the new kind does not allow is dropped.
  useEffect(() => {
    const unit = form.getValues('unit');
    if (units.length === 1 && unit !== units[0]) form.setValue('unit', units[0] ?? '');
    else if (unit && !units.includes(unit)) form.setValue('unit', '');
  }, [units, form]);

  const submit = async (values: FactorFormValues) => {
    const result = await create({ input: toFactorInput(values, replaces?.key ?? null) });
    const failure = mutationError(result, (d) => d.createEmissionFactor);
    if (setServerError(form, failure)) return;
    if (result.data) onCreated(result.data.createEmissionFactor);
    onOpenChange(false);
  };

  return (
    <Dialog open onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <Form form={form} onSubmit={submit} idPrefix="factor" className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{replaces ? `New version of ${replaces.key}` : 'Add factor'}</DialogTitle>
            <DialogDescription>
              {replaces
                ? `Version ${replaces.version + 1}. Results computed with version ${replaces.version} keep it; the next recomputation uses the new one.`
                : 'Your own factor, or one for a single supplier, with the source it comes from. The next recomputation uses it.'}
            </DialogDescription>
          </DialogHeader>
          <FormAlert control={form.control} />
          <div className="grid gap-4 sm:grid-cols-2">
            {replaces ? (
              <p className="text-sm sm:col-span-2">
                <span className="text-muted-foreground">Kind: </span>
                {FACTOR_KIND_LABELS[replaces.kind]}
              </p>
            ) : (
              <SelectField control={form.control} name="kind" label="Kind" fieldClassName="flex min-w-0 flex-col gap-2 sm:col-span-2">
                <option value="">Pick a kind</option>
                {FACTOR_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {FACTOR_KIND_LABELS[k]}
                  </option>
                ))}
              </SelectField>
            )}
            {fuelKind ? (
              <SelectField control={form.control} name="fuel" label="Fuel">
                <option value="">Pick a fuel</option>
                {FACTOR_FUELS.map((fuel) => (
                  <option key={fuel} value={fuel}>
                    {fuel.replaceAll('_', ' / ')}
                  </option>
                ))}
              </SelectField>
            ) : kind ? (
              <TextField
                control={form.control}
                name="activity"
                label="Activity"
                hint="The transport, hub or purchase it applies to, like “Container ship, 8,000–11,999 TEU”."
                maxLength={MAX_ACTIVITY}
              />
            ) : null}
            {/* Only LNG's factors differ by engine (the methane slip); the server refuses an engine for any other fuel. */}
            {fuelKind && fuel === 'LNG' ? (
              <SelectField control={form.control} name="consumer" label="Engine" optional>
                <option value="">Any engine</option>
                {CONSUMER_CLASSES.map((c) => (
                  <option key={c} value={c}>
                    {c.replaceAll('_', ' ')}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <TextField
              control={form.control}
              name="value"
              label="Value"
              inputMode="decimal"
              autoComplete="off"
              hint="Exactly as the source prints it, with a point: 3.114."
            />
            <SelectField control={form.control} name="unit" label="Unit" disabled={units.length === 0}>
              <option value="">{units.length === 0 ? 'Pick a kind first' : 'Pick a unit'}</option>
              {units.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </SelectField>
            <TextField
              control={form.control}
              name="document"
              label="Source document"
              maxLength={MAX_SOURCE_TEXT}
              hint="Like “Supplier’s bunker delivery notes 2025”."
              fieldClassName="flex min-w-0 flex-col gap-2 sm:col-span-2"
            />
            <TextField control={form.control} name="section" label="Section or table" maxLength={MAX_SOURCE_TEXT} />
            <TextField control={form.control} name="edition" label="Edition or date" maxLength={MAX_SOURCE_TEXT} />
            <TextareaField
              control={form.control}
              name="evidence"
              label="Evidence"
              maxLength={MAX_EVIDENCE}
              className="min-h-20"
              hint="What shows the value holds: a laboratory report, a supplier’s declaration, a certificate number."
              fieldClassName="flex min-w-0 flex-col gap-2 sm:col-span-2"
            />
            <SelectField
              control={form.control}
              name="supplierOrganizationId"
              label="Only for supplier"
              optional
              externalError={suppliersError ? 'Your suppliers could not be loaded; the factor can still apply to all.' : null}
              fieldClassName="flex min-w-0 flex-col gap-2 sm:col-span-2"
            >
              <option value="">Every supplier</option>
              {(suppliers?.organizationRelationships.data ?? []).map((r) => (
                <option key={r.supplierOrganization.id} value={r.supplierOrganization.id}>
                  {r.supplierOrganization.name}
                </option>
              ))}
            </SelectField>
            <TextField control={form.control} name="validFrom" label="Valid from" type="date" />
            <TextField
              control={form.control}
              name="validTo"
              label="Valid until"
              type="date"
              optional
              hint="The first day it no longer applies; empty while it still does."
            />
          </div>
          <FormDialogFooter pending={pending} pendingLabel="Saving" onCancel={() => onOpenChange(false)}>
            {replaces ? 'Add the new version' : 'Add factor'}
          </FormDialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
};
