import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { errorMessage, mutationError } from '../../lib/errors.ts';
import { useDateFormat } from '../../lib/format.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormDialogFooter } from '../../ui/form-dialog-footer.tsx';
import { Form, FormAlert, SelectField, setServerError, TextareaField, TextField, useZodForm } from '../../ui/form.tsx';
import { Input } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';
import { ActiveSuppliersQuery, CreateCalendarMutation, CreateRequestMutation } from './graphql.ts';
import {
  dayIn,
  MAX_REQUEST_MESSAGE,
  type NewRequestValues,
  newRequestSchema,
  REQUEST_CATEGORY_OPTIONS,
  zoneOrBrowser,
} from './new-request-schema.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The request was made: its id and title. */
  onCreated: (request: { id: string; title: string }) => void;
};

/** Asks one active supplier for data by hand, without a customer file. Each opening starts afresh. */
export const NewRequestDialog = (props: Props) => (props.open ? <NewRequestForm {...props} /> : null);

const SUPPLIER_PAGE = { page: 1, pageSize: 100 };

const NewRequestForm = ({ onOpenChange, onCreated }: Props) => {
  const { timeZone } = useDateFormat();
  const zone = zoneOrBrowser(timeZone);
  const [now] = useState(() => new Date());
  const schema = useMemo(() => newRequestSchema(now, zone), [now, zone]);
  const form = useZodForm(schema, {
    defaultValues: {
      supplierOrganizationId: '',
      requiredUploadPurpose: '',
      requiredUploadSecondaryPurpose: '',
      deadline: dayIn(now, zone, 30),
      title: '',
      message: '',
    },
  });
  const [supplierSearch, setSupplierSearch] = useState('');
  const [suppliers] = useQuery({
    query: ActiveSuppliersQuery,
    variables: { search: supplierSearch.trim() || null, pagination: SUPPLIER_PAGE },
  });
  const [, createCalendar] = useMutation(CreateCalendarMutation);
  const [, createRequest] = useMutation(CreateRequestMutation);
  const pending = form.formState.isSubmitting;

  const options = suppliers.data?.organizationRelationships.data ?? [];
  const total = suppliers.data?.organizationRelationships.pageInfo.totalCount ?? 0;
  const noSuppliers = Boolean(suppliers.data) && total === 0 && !supplierSearch;

  const submit = async (values: NewRequestValues) => {
    const calendar = await createCalendar({ deadline: values.deadline.toISOString() });
    const calendarFailure = mutationError(calendar, (d) => d.createCalendar);
    if (calendarFailure || !calendar.data) {
      setServerError(form, calendarFailure ? { ...calendarFailure, field: calendarFailure.field ? 'deadline' : null } : null);
      return;
    }
    const created = await createRequest(
      {
        input: {
          calendarId: calendar.data.createCalendar.id,
          taskType: 'data_request',
          supplierOrganizationId: values.supplierOrganizationId,
          title: values.title,
          message: values.message,
          requiredUploadPurpose: values.requiredUploadPurpose,
          requiredUploadSecondaryPurpose: values.requiredUploadSecondaryPurpose,
        },
      },
      { additionalTypenames: ['CalendarTask'] },
    );
    if (
      setServerError(
        form,
        mutationError(created, (d) => d.createCalendarTask),
      ) ||
      !created.data
    )
      return;
    onCreated({ id: created.data.createCalendarTask.id, title: created.data.createCalendarTask.title });
    onOpenChange(false);
  };

  return (
    <Dialog open onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-xl">
        <Form form={form} onSubmit={submit} idPrefix="new-request" className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>New data request</DialogTitle>
            <DialogDescription>
              Ask one of your active suppliers for data by a deadline. They are emailed and see it in their inbox.
            </DialogDescription>
          </DialogHeader>
          <FormAlert control={form.control} />
          {suppliers.error && !suppliers.data ? (
            <p className="text-sm text-destructive" role="alert">
              {errorMessage(suppliers.error, 'Your suppliers could not be loaded. Close this and try again.')}
            </p>
          ) : null}
          {noSuppliers ? (
            <p className="rounded-md border border-border bg-muted/40 p-3 text-sm">
              You have no active suppliers yet. Invite one from{' '}
              <Link to="/app/suppliers" className="font-medium text-primary underline-offset-4 hover:underline">
                Suppliers
              </Link>
              ; once they have registered you can ask them for data here.
            </p>
          ) : (
            <>
              {total > SUPPLIER_PAGE.pageSize || supplierSearch ? (
                <div className="flex flex-col gap-2">
                  <Label htmlFor="new-request-supplier-search">Find a supplier</Label>
                  <Input
                    id="new-request-supplier-search"
                    type="search"
                    value={supplierSearch}
                    onChange={(e) => setSupplierSearch(e.target.value)}
                    placeholder="Type part of the name"
                    autoComplete="off"
                  />
                </div>
              ) : null}
              <SelectField
                control={form.control}
                name="supplierOrganizationId"
                label="Supplier"
                required
                hint={suppliers.fetching && !suppliers.data ? 'Loading your suppliers…' : undefined}
              >
                <option value="">{options.length === 0 && supplierSearch ? 'No supplier matches' : 'Choose a supplier'}</option>
                {options.map((r) => (
                  <option key={r.id} value={r.supplierOrganization.id}>
                    {r.supplierOrganization.name}
                  </option>
                ))}
              </SelectField>
            </>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField control={form.control} name="requiredUploadPurpose" label="Data asked for" required>
              <option value="">Choose a category</option>
              {REQUEST_CATEGORY_OPTIONS.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </SelectField>
            <TextField
              control={form.control}
              name="requiredUploadSecondaryPurpose"
              label="Reporting period"
              placeholder="2025-Q3"
              hint="A year, quarter, half or month: 2025, 2025-Q3, 2025-H1, 2025-07."
              autoComplete="off"
              optional
            />
          </div>
          <TextField
            control={form.control}
            name="deadline"
            label="Deadline"
            type="date"
            min={dayIn(now, zone, 1)}
            hint={`Due by the end of that day (${zone}).`}
            required
          />
          <TextField
            control={form.control}
            name="title"
            label="Title"
            placeholder="Vessel fuel consumption data for Q3 2025"
            hint="Left empty, it is made from the data and the period."
            autoComplete="off"
            optional
          />
          <TextareaField
            control={form.control}
            name="message"
            label="Message to the supplier"
            rows={3}
            maxLength={MAX_REQUEST_MESSAGE}
            optional
          />
          <FormDialogFooter pending={pending} pendingLabel="Sending" onCancel={() => onOpenChange(false)} submitDisabled={noSuppliers}>
            Send request
          </FormDialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
};
