import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { mutationFailure } from '../../lib/errors.ts';
import { humanize } from '../../lib/format.ts';
import { ClearOrganizationDataMutation } from './graphql.ts';

/** Clearing business data: asks for the organisation's name typed out before it runs. */
export const DangerZone = ({ organizationName }: { organizationName: string }) => {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [, clear] = useMutation(ClearOrganizationDataMutation);
  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle>Clear organisation data</CardTitle>
        <CardDescription>
          Deletes the business data of {organizationName}: supplier relationships, pending invitations, email change requests and settings.
          Users and the audit trail stay. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {done ? <Alert variant="success">{done}</Alert> : null}
        <Button variant="destructive" className="self-start" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          Clear organisation data
        </Button>
      </CardContent>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Clear all organisation data?"
        description="The business data is deleted for good. This needs a sign-in within the last 15 minutes; sign in again first if yours is older."
        confirmLabel="Clear data"
        confirmationText={organizationName}
        onConfirm={async () => {
          const result = await clear({ input: { confirmation: organizationName } });
          const failure = mutationFailure(result, (d) => d.clearOrganizationData);
          const cleared = result.data?.clearOrganizationData.cleared ?? [];
          if (!failure)
            setDone(
              `Organisation data cleared: ${cleared.map((c) => `${c.count} ${humanize(c.name).toLowerCase()}`).join(', ') || 'nothing to remove'}.`,
            );
          return failure;
        }}
      />
    </Card>
  );
};
