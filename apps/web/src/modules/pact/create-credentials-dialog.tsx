import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { z } from 'zod';
import { mutationError } from '../../lib/errors.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormDialogFooter } from '../../ui/form-dialog-footer.tsx';
import { Form, FormAlert, SelectField, setServerError, TextField, useZodForm } from '../../ui/form.tsx';
import { CreatePactClientMutation, PactConnectionNamesQuery, type PactClientSecret } from './graphql.ts';

export const MAX_CLIENT_NAME = 200;

export const credentialsSchema = z.object({
  name: z.string().trim().min(1, 'Name the credentials, for example after the partner.').max(MAX_CLIENT_NAME),
  connectionId: z.string(),
});

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onCreated: () => void };

/**
 * "Create credentials": a name (and the partner's connection, when it has one), then the client id, the secret, the
 * token URL and the API base URL, shown this once with copy buttons. Closing drops the secret from the screen; only
 * its last four characters remain in the list.
 */
export const CreateCredentialsDialog = (props: Props) => (props.open ? <CreateCredentials {...props} /> : null);

const CreateCredentials = ({ onOpenChange, onCreated }: Omit<Props, 'open'>) => {
  const form = useZodForm(credentialsSchema, { defaultValues: { name: '', connectionId: '' } });
  const [{ data: connections, error: connectionsError }] = useQuery({ query: PactConnectionNamesQuery });
  const [, create] = useMutation(CreatePactClientMutation);
  const [issued, setIssued] = useState<PactClientSecret | null>(null);
  const pending = form.formState.isSubmitting;

  const submit = async (values: z.output<typeof credentialsSchema>) => {
    const result = await create({ input: { name: values.name, ...(values.connectionId ? { connectionId: values.connectionId } : {}) } });
    if (
      setServerError(
        form,
        mutationError(result, (d) => d.createPactClient),
      )
    )
      return;
    if (!result.data) return;
    setIssued(result.data.createPactClient);
    onCreated();
  };

  const close = () => {
    setIssued(null);
    onOpenChange(false);
  };

  return (
    <Dialog open onOpenChange={(next) => !pending && !next && close()}>
      <DialogContent
        className="max-w-xl"
        // While the secret shows, a click beside the dialog must not throw it away unseen.
        onInteractOutside={issued ? (event) => event.preventDefault() : undefined}
      >
        {issued ? (
          <IssuedCredentials issued={issued} onDone={close} />
        ) : (
          <Form form={form} onSubmit={submit} idPrefix="credentials" className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>Create credentials</DialogTitle>
              <DialogDescription>
                A client id and secret for one partner’s system (SAP Sustainability Footprint Management or another PACT-conformant
                solution). It reads the footprints you publish, and may send you events.
              </DialogDescription>
            </DialogHeader>
            <FormAlert control={form.control} />
            <TextField
              control={form.control}
              name="name"
              label="Name"
              maxLength={MAX_CLIENT_NAME}
              autoComplete="off"
              hint="Who uses them, like “SAP SFM, Nordwind customer”."
            />
            <SelectField
              control={form.control}
              name="connectionId"
              label="Partner connection"
              optional
              hint="When the partner also hosts footprints you pull, events it sends with these credentials are matched to that connection."
              externalError={
                connectionsError ? 'Your connections could not be loaded; the credentials can still be created without one.' : null
              }
            >
              <option value="">No connection</option>
              {(connections?.pactConnections ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <FormDialogFooter pending={pending} pendingLabel="Creating" onCancel={close}>
              Create credentials
            </FormDialogFooter>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
};

/** The issued credentials, each value with its copy button, and the warning that the secret is shown only now. */
const IssuedCredentials = ({ issued, onDone }: { issued: PactClientSecret; onDone: () => void }) => (
  <div className="flex flex-col gap-4">
    <DialogHeader>
      <DialogTitle>Credentials for {issued.client.name}</DialogTitle>
      <DialogDescription>Hand these four values to the partner through a channel you trust.</DialogDescription>
    </DialogHeader>
    <Alert variant="destructive" className="flex items-start gap-2">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>
        <AlertTitle>Copy the secret now</AlertTitle>
        <AlertDescription>
          This is the only time the client secret is shown. Only a hash is kept; once you close this dialog it cannot be read again. If it
          is lost, create new credentials and revoke these.
        </AlertDescription>
      </div>
    </Alert>
    <dl className="flex flex-col gap-3">
      <IssuedValue label="Client ID" value={issued.client.clientId} testId="issued-client-id" />
      <IssuedValue label="Client secret" value={issued.clientSecret} testId="issued-client-secret" />
      <IssuedValue label="Token URL" value={issued.tokenUrl} testId="issued-token-url" />
      <IssuedValue label="API base URL" value={issued.apiBaseUrl} testId="issued-api-base-url" />
    </dl>
    <DialogFooter>
      <Button onClick={onDone}>I have stored the secret</Button>
    </DialogFooter>
  </div>
);

const IssuedValue = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <div className="flex flex-col gap-1">
    <dt className="text-sm font-medium">{label}</dt>
    <dd className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <code
        data-testid={testId}
        className="min-w-0 flex-1 rounded-md border border-border bg-muted/40 px-3 py-2 font-mono text-sm [overflow-wrap:anywhere]"
      >
        {value}
      </code>
      <CopyButton text={value} label={`Copy the ${label}`} />
    </dd>
  </div>
);
