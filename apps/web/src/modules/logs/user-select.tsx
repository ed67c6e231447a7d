import { useQuery } from 'urql';
import { Select } from '../../ui/select.tsx';
import { personName } from '../../lib/format.ts';
import { useViewer } from '../../lib/viewer.ts';
import { UserOptionsQuery } from './graphql.ts';

/**
 * A user filter filled from the organisation's users; only offered to people who may list users. A
 * user chosen elsewhere ("My sign-ins", a shared link) shows even when the list is not offered.
 */
export const UserSelect = ({
  id,
  value,
  onChange,
  enabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  enabled: boolean;
}) => {
  const [{ data, fetching }] = useQuery({ query: UserOptionsQuery, pause: !enabled });
  const users = data?.organizationUsers.data ?? [];
  const { viewer } = useViewer();
  const unlisted = value !== '' && !users.some((u) => u.userId === value);
  return (
    <Select
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={(!enabled && !unlisted) || (fetching && users.length === 0)}
    >
      <option value="">Everyone</option>
      {unlisted ? <option value={value}>{value === viewer?.userId ? 'You' : 'The user in the link'}</option> : null}
      {users.map((u) => (
        <option key={u.userId} value={u.userId}>
          {personName(u)}
          {u.firstName || u.lastName ? ` (${u.email})` : ''}
        </option>
      ))}
    </Select>
  );
};
