import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Client, makeResult, type Operation, Provider } from 'urql';
import { describe, expect, it } from 'vitest';
import { filter, fromValue, mergeMap, never, pipe } from 'wonka';
import { TimeZoneProvider } from '../../lib/time-zone.tsx';
import { ChainStatus } from './chain-status.tsx';

type Verification = {
  chain: string;
  valid: boolean;
  checkedCount: number;
  firstEntryAt: string | null;
  lastEntryAt: string | null;
  verifiedAt: string;
  firstBrokenLink: { id: string; sequence: number; reason: string } | null;
};

/** A client answering the viewer (with `permissions`) and the chain verification. */
const clientWith = (verification: Verification, permissions: string[]) =>
  new Client({
    url: '/graphql',
    exchanges: [
      () => (operations$) =>
        pipe(
          operations$,
          filter((operation: Operation) => operation.kind !== 'teardown'),
          mergeMap((operation: Operation) => {
            const name = operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value;
            if (name === 'Viewer') {
              return fromValue(makeResult(operation, { data: { viewer: { userId: 'u1', organizationId: 'o1', permissions } } }));
            }
            if (name === 'VerifyAuditLogChain') {
              return fromValue(
                makeResult(operation, { data: { verifyAuditLogChain: { __typename: 'AuditChainVerification', ...verification } } }),
              );
            }
            return never;
          }),
        ),
    ],
  });

const show = (verification: Verification, permissions = ['audit-logs:read', 'login-logs:read']) =>
  render(
    <MemoryRouter>
      <TimeZoneProvider timeZone="UTC">
        <Provider value={clientWith(verification, permissions)}>
          <ChainStatus />
        </Provider>
      </TimeZoneProvider>
    </MemoryRouter>,
  );

const base = { chain: 'organization', valid: true, verifiedAt: '2026-03-05T11:05:00.000Z', firstBrokenLink: null };

describe('audit chain status', () => {
  it('says an empty trail is the organisation’s, with no entries yet, and sends the reader to the sign-in log for their sign-ins', async () => {
    show({ ...base, checkedCount: 0, firstEntryAt: null, lastEntryAt: null });
    expect(await screen.findByText('Audit trail verified: no entries yet')).toBeInTheDocument();
    expect(screen.getByText(/Your organisation’s audit trail: 0 entries, verified 5 Mar 2026, 11:05\./)).toBeInTheDocument();
    expect(screen.getByText(/Sign-ins are not part of this trail: they are recorded in the sign-in log\./)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'See your sign-ins' })).toHaveAttribute('href', '/app/sign-in-log?user=u1');
  });

  it('names how many entries it covered, written when, and when it checked them', async () => {
    show({ ...base, checkedCount: 12, firstEntryAt: '2026-03-03T10:00:00.000Z', lastEntryAt: '2026-03-05T11:00:00.000Z' });
    expect(await screen.findByText('Audit trail verified: no entry has been changed or removed')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your organisation’s audit trail: 12 entries, written 3 Mar 2026, 10:00 to 5 Mar 2026, 11:00, all matching the hash chain, verified 5 Mar 2026, 11:05.',
      ),
    ).toBeInTheDocument();
  });

  it('names the first broken entry, and offers no sign-in link to someone who may not read the sign-in log', async () => {
    show(
      {
        ...base,
        valid: false,
        checkedCount: 2,
        firstEntryAt: '2026-03-03T10:00:00.000Z',
        lastEntryAt: '2026-03-03T10:05:00.000Z',
        firstBrokenLink: { id: 'x', sequence: 3, reason: 'hash-mismatch' },
      },
      ['audit-logs:read'],
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Audit trail integrity check failed');
    expect(screen.getByRole('alert')).toHaveTextContent('the chain breaks at entry #3 (hash mismatch) after 2 entries matched');
    expect(screen.queryByRole('link', { name: 'See your sign-ins' })).toBeNull();
  });
});
