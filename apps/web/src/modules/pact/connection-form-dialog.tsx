import { useMemo } from 'react';
import { useMutation, useQuery } from 'urql';
import { mutationError } from '../../lib/errors.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormDialogFooter } from '../../ui/form-dialog-footer.tsx';
import { Form, FormAlert, PasswordField, SelectField, setServerError, TextField, useZodForm } from '../../ui/form.tsx';
import {
  type ConnectionFormValues,
  connectionFormOf,
  connectionSchema,
  emptyConnectionForm,
  MAX_CLIENT_ID,
  MAX_NAME,
  MAX_SECRET,
  MAX_URL,
  toCreateInput,
  toUpdateInput,
} from './connection-schema.ts';
import { CreatePactConnectionMutation, type PactConnection, PactSuppliersQuery, UpdatePactConnectionMutation } from './graphql.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The connection to edit; null adds one. */
  connection: PactConnection | null;
  onSaved: (connection: PactConnection, added: boolean) => void;
};

const SUPPLIER_PAGE = { page: 1, pageSize: 100 };

/** "Add connection" or "Edit connection". Each opening starts afresh. */
export const ConnectionFormDialog = (props: Props) => (props.open ? <ConnectionForm {...props} /> : null);

const ConnectionForm = ({ onOpenChange, connection, onSaved }: Omit<Props, 'open'>) => {
  const editing = connection !== null;
  const schema = useMemo(() => connectionSchema(editing), [editing]);
  const before = useMemo(() => (connection ? connectionFormOf(connection) : emptyConnectionForm()), [connection]);
  const form = useZodForm(schema, { defaultValues: before });
  const [{ data: suppliers, error: suppliersError }] = useQuery({
    query: PactSuppliersQuery,
    variables: { pagination: SUPPLIER_PAGE },
    pause: editing,
  });
  const [, create] = useMutation(CreatePactConnectionMutation);
  const [, update] = useMutation(UpdatePactConnectionMutation);
  const pending = form.formState.isSubmitting;

  const submit = async (values: ConnectionFormValues) => {
    if (connection) {
      const result = await update({ input: toUpdateInput(connection.id, before, values) });
      if (
        setServerError(
          form,
          mutationError(result, (d) => d.updatePactConnection),
        )
      )
        return;
      if (result.data) onSaved(result.data.updatePactConnection, false);
    } else {
      const result = await create({ input: toCreateInput(values) });
      if (
        setServerError(
          form,
          mutationError(result, (d) => d.createPactConnection),
        )
      )
        return;
      if (result.data) onSaved(result.data.createPactConnection, true);
    }
    onOpenChange(false);
  };

  return (
    <Dialog open onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <Form form={form} onSubmit={submit} idPrefix="connection" className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{connection ? `Edit ${connection.name}` : 'Add connection'}</DialogTitle>
            <DialogDescription>
              {connection
                ? 'The stored client secret is never shown; type a new one only to replace it.'
                : 'A supplier’s PACT host system and the credentials it issued you. Its footprints become that supplier’s data entries once you state the quantities you bought.'}
            </DialogDescription>
          </DialogHeader>
          <FormAlert control={form.control} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="name" label="Name" maxLength={MAX_NAME} autoComplete="off" />
            {connection ? (
              <div className="flex flex-col gap-2 text-sm">
                <span className="font-medium">Supplier</span>
                <span className="text-muted-foreground">{connection.supplier?.name ?? 'None (a customer’s system)'}</span>
              </div>
            ) : (
              <SelectField
                control={form.control}
                name="supplierId"
                label="Supplier"
                optional
                hint="Leave empty for a customer’s system you only answer."
                externalError={suppliersError ? 'Your suppliers could not be loaded.' : null}
              >
                <option value="">No supplier</option>
                {(suppliers?.organizationRelationships.data ?? []).map((r) => (
                  <option key={r.supplierOrganization.id} value={r.supplierOrganization.id}>
                    {r.supplierOrganization.name}
                  </option>
                ))}
              </SelectField>
            )}
            <TextField
              control={form.control}
              name="baseUrl"
              label="Base URL"
              type="url"
              inputMode="url"
              autoComplete="off"
              maxLength={MAX_URL}
              placeholder="https://pact.supplier.example"
              hint="Footprints are read from <base URL>/2/footprints."
              fieldClassName="flex min-w-0 flex-col gap-2 sm:col-span-2"
            />
            <TextField
              control={form.control}
              name="tokenUrl"
              label="Token URL"
              type="url"
              inputMode="url"
              autoComplete="off"
              optional
              maxLength={MAX_URL}
              hint="Only when the partner’s token endpoint is elsewhere than <base URL>/auth/token."
              fieldClassName="flex min-w-0 flex-col gap-2 sm:col-span-2"
            />
            <TextField
              control={form.control}
              name="clientId"
              label="Client ID"
              autoComplete="off"
              spellCheck={false}
              maxLength={MAX_CLIENT_ID}
            />
            <PasswordField
              control={form.control}
              name="clientSecret"
              label={connection ? 'New client secret' : 'Client secret'}
              optional={editing}
              autoComplete="new-password"
              maxLength={MAX_SECRET}
              hint={connection ? 'Empty keeps the stored secret.' : 'Stored encrypted; never shown again.'}
            />
          </div>
          <FormDialogFooter pending={pending} pendingLabel="Saving" onCancel={() => onOpenChange(false)}>
            {connection ? 'Save changes' : 'Add connection'}
          </FormDialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
};
