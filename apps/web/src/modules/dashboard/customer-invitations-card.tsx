import { RELATIONSHIP_STATUS_LABELS } from '@tidewise/shared/organization';
import { Handshake } from 'lucide-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { Alert } from '../../ui/alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { mutationFailure } from '../../lib/errors.ts';
import { type ActivatedRelationship, CompleteSupplierRegistrationMutation } from './graphql.ts';

/**
 * For a supplier organisation: accepting the customers' invitations that wait for it, which turns
 * those relationships active. Accepting again changes nothing, so the button is always safe.
 */
export const CustomerInvitationsCard = () => {
  const [{ fetching }, complete] = useMutation(CompleteSupplierRegistrationMutation);
  const [accepted, setAccepted] = useState<ActivatedRelationship[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const accept = async () => {
    setError(null);
    const result = await complete({});
    const failure = mutationFailure(result, (d) => d.completeSupplierRegistration);
    setError(failure);
    if (!failure) setAccepted(result.data?.completeSupplierRegistration.activated ?? []);
  };
  return (
    <Card>
      <CardHeader>
        <CardDescription>Customer invitations</CardDescription>
        <CardTitle>Share data with your customers</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <p className="text-muted-foreground">
          When a customer invites your organisation, accept it here to start sharing emissions data with them.
        </p>
        <ServerAlert message={error} />
        {accepted ? (
          accepted.length === 0 ? (
            <Alert>No invitations are waiting; you already share data with every customer that invited you.</Alert>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Accepted customer invitations">
              {accepted.map((r) => (
                <li key={r.id} className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2">
                  <span className="font-medium">{r.customerOrganization.name}</span>
                  <StatusBadge variant="success">{RELATIONSHIP_STATUS_LABELS[r.status]}</StatusBadge>
                </li>
              ))}
            </ul>
          )
        ) : null}
        <Button className="self-start" onClick={accept} disabled={fetching}>
          {fetching ? <Spinner className="text-current" label="Accepting" /> : <Handshake aria-hidden="true" />}
          Accept invitations
        </Button>
      </CardContent>
    </Card>
  );
};
