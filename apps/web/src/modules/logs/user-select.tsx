import { useQuery } from 'urql';
import { Select } from '../../ui/select.tsx';
import { personName } from '../../lib/format.ts';
import { UserOptionsQuery } from './graphql.ts';

/** A user filter filled from the organisation's users; only offered to people who may list users. */
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
  return (
    <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={!enabled || (fetching && users.length === 0)}>
      <option value="">Everyone</option>
      {users.map((u) => (
        <option key={u.userId} value={u.userId}>
          {personName(u)}
          {u.firstName || u.lastName ? ` (${u.email})` : ''}
        </option>
      ))}
    </Select>
  );
};
