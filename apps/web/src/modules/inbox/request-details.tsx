import { FILE_CATEGORY_LABELS } from '@tidewise/shared/uploads';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { mutationFailure } from '../../lib/errors.ts';
import { formatNumber, personName, useDateFormat } from '../../lib/format.ts';
import { useViewer } from '../../lib/viewer.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Label } from '../../ui/label.tsx';
import { Select } from '../../ui/select.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { ColleaguesQuery, type InboxRequest, type RequestField, RequestRowsQuery, UpdateRequestMutation } from './graphql.ts';
import { DeadlineCell } from './deadline-cell.tsx';
import { useServerNow } from './use-now.ts';

const UPDATE_CONTEXT = { additionalTypenames: ['CalendarTask'] };

/** "Fuel type, IMO number and 3 more" is too vague for a supplier: every required field, by label. */
const FieldList = ({ fields }: { fields: readonly RequestField[] }) => {
  const required = fields.filter((f) => f.requirement === 'required');
  const recommended = fields.filter((f) => f.requirement === 'recommended');
  if (required.length === 0 && recommended.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      {required.length > 0 ? (
        <p>
          <span className="text-muted-foreground">Required: </span>
          {required.map((f) => f.label).join(', ')}
        </p>
      ) : null}
      {recommended.length > 0 ? (
        <p>
          <span className="text-muted-foreground">Recommended: </span>
          {recommended.map((f) => f.label).join(', ')}
        </p>
      ) : null}
    </div>
  );
};

/** The rows of the customer's files this request concerns: the total, and per file when there are several. */
const RowsConcerned = ({ task }: { task: InboxRequest }) => {
  const [rows] = useQuery({ query: RequestRowsQuery, variables: { calendarTaskId: task.id }, pause: task.itemCount === 0 });
  const perFile = rows.data?.uploadSupplierDataByTask ?? [];
  if (task.itemCount === 0) return <>None named; the customer asks for all your data of the period.</>;
  return (
    <div className="flex flex-col gap-1">
      <span>{task.itemCount === 1 ? '1 row' : `${formatNumber(task.itemCount)} rows`}, prefilled in the template</span>
      {perFile.length > 1 ? (
        <ul className="text-xs text-muted-foreground">
          {perFile.map((d) => (
            <li key={d.id} className="[overflow-wrap:anywhere]">
              {d.fileName}: {formatNumber(d.itemCount)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};

/**
 * Who on the supplier's side works on the request. With `users:read` any colleague can be picked;
 * without it a person can take the request or let it go.
 */
const Assignment = ({ task, canUpdate }: { task: InboxRequest; canUpdate: boolean }) => {
  const { can, viewer } = useViewer();
  const canList = can('users:read');
  const [colleagues] = useQuery({ query: ColleaguesQuery, pause: !canList || !canUpdate });
  const [{ fetching }, update] = useMutation(UpdateRequestMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const assigned = task.assignedUser;
  const assign = async (userId: string | null) => {
    setFailure(null);
    const result = await update({ input: { id: task.id, assignedUserId: userId } }, UPDATE_CONTEXT);
    setFailure(mutationFailure(result, (d) => d.updateCalendarTask));
  };
  const who = assigned ? personName(assigned) : 'Nobody';
  const final = task.status === 'accepted' || task.status === 'cancelled';
  if (!canUpdate || final) return <span>{who}</span>;
  const people = (colleagues.data?.organizationUsers.data ?? []).filter((u) => u.registered && !u.lockedAt);
  return (
    <div className="flex flex-col gap-2">
      {canList && people.length > 0 ? (
        <>
          <Label htmlFor="request-assignee" className="sr-only">
            Assigned to
          </Label>
          <Select
            id="request-assignee"
            value={assigned?.id ?? ''}
            disabled={fetching}
            onChange={(e) => void assign(e.target.value || null)}
            className="max-w-xs"
          >
            <option value="">Nobody</option>
            {people.map((u) => (
              <option key={u.userId} value={u.userId}>
                {personName(u)}
              </option>
            ))}
          </Select>
        </>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <span>{who}</span>
          {viewer && assigned?.id !== viewer.userId ? (
            <Button variant="outline" size="sm" onClick={() => void assign(viewer.userId)} disabled={fetching}>
              Assign to me
            </Button>
          ) : null}
          {assigned ? (
            <Button variant="ghost" size="sm" onClick={() => void assign(null)} disabled={fetching}>
              Unassign
            </Button>
          ) : null}
        </div>
      )}
      <ServerAlert message={failure} />
    </div>
  );
};

/** What the customer asks for: the data, the period, the deadline, their note and the rows concerned. */
export const RequestDetails = ({
  task,
  fields,
  canUpdate,
}: {
  task: InboxRequest;
  fields: readonly RequestField[];
  canUpdate: boolean;
}) => {
  const { formatDateTime } = useDateFormat();
  const now = useServerNow();
  const category = task.requiredUploadPurpose;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">What {task.customerOrganization.name} asks for</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-4 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-muted-foreground">Customer</dt>
          <dd className="[overflow-wrap:anywhere]">{task.customerOrganization.name}</dd>
          <dt className="text-muted-foreground">Data</dt>
          <dd className="flex flex-col gap-1">
            <span className="font-medium">{category ? FILE_CATEGORY_LABELS[category] : 'Any data'}</span>
            <FieldList fields={fields} />
          </dd>
          <dt className="text-muted-foreground">Period</dt>
          <dd>{task.requiredUploadSecondaryPurpose ?? 'Not given'}</dd>
          <dt className="text-muted-foreground">Deadline</dt>
          <dd>
            <DeadlineCell task={task} formatDate={formatDateTime} now={now} />
          </dd>
          <dt className="text-muted-foreground">Message</dt>
          <dd className="whitespace-pre-line [overflow-wrap:anywhere]">{task.message?.trim() || 'No message.'}</dd>
          <dt className="text-muted-foreground">Rows concerned</dt>
          <dd>
            <RowsConcerned task={task} />
          </dd>
          <dt className="text-muted-foreground">Assigned to</dt>
          <dd>
            <Assignment task={task} canUpdate={canUpdate} />
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
};
