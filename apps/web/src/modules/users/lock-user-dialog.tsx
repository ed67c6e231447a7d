import { useEffect, useState } from 'react';
import { useMutation } from 'urql';
import { Textarea } from '../../ui/input.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { mutationFailure } from '../../lib/errors.ts';
import { personName } from '../../lib/format.ts';
import { LockOrganizationUserMutation, type OrganizationUser } from './graphql.ts';

/** Locking needs a reason, which the user's record and the audit trail keep. */
export const LockUserDialog = ({
  user,
  onOpenChange,
  onDone,
}: {
  user: OrganizationUser | null;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) => {
  const [reason, setReason] = useState('');
  const [, lock] = useMutation(LockOrganizationUserMutation);
  useEffect(() => {
    if (user) setReason('');
  }, [user]);
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title={`Lock ${user ? personName(user) : ''}?`}
      description="They are signed out everywhere and cannot sign in until someone unlocks them."
      confirmLabel="Lock user"
      onConfirm={async () => {
        if (!user) return null;
        if (!reason.trim()) return 'Give a reason for the lock.';
        const result = await lock({ id: user.id, reason: reason.trim() });
        const failure = mutationFailure(result, (d) => d.lockOrganizationUser);
        if (!failure) onDone();
        return failure;
      }}
    >
      <FormField id="lock-reason" label="Reason">
        <Textarea
          id="lock-reason"
          className="min-h-20"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          required
        />
      </FormField>
    </ConfirmDialog>
  );
};
