import { lockReasonSchema } from '@tidewise/shared/organization';
import { useMutation } from 'urql';
import { z } from 'zod';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { TextareaField } from '../../ui/form.tsx';
import { mutationError } from '../../lib/errors.ts';
import { personName } from '../../lib/format.ts';
import { LockOrganizationUserMutation, type OrganizationUser } from './graphql.ts';

/** The server's rule for the reason (`lockOrganizationUser`), with this dialog's own message when it is missing. */
const lockSchema = z.object({
  reason: z.string().trim().min(1, { error: 'Give a reason for the lock.' }).pipe(lockReasonSchema),
});

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
  const [, lock] = useMutation(LockOrganizationUserMutation);
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title={`Lock ${user ? personName(user) : ''}?`}
      description="They are signed out everywhere and cannot sign in until someone unlocks them."
      confirmLabel="Lock user"
      schema={lockSchema}
      defaultValues={{ reason: '' }}
      onConfirm={async ({ reason }) => {
        if (!user) return null;
        const result = await lock({ id: user.id, reason });
        const failure = mutationError(result, (d) => d.lockOrganizationUser);
        if (!failure) onDone();
        return failure;
      }}
    >
      {(form) => (
        <TextareaField control={form.control} name="reason" id="lock-reason" label="Reason" className="min-h-20" maxLength={500} required />
      )}
    </ConfirmDialog>
  );
};
