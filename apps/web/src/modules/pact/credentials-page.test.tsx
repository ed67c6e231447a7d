import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answers, type Sent, testClient, WithClient } from '../../test/test-client.tsx';
import { PactCredentialsPage } from './credentials-page.tsx';
import type { PactClient } from './graphql.ts';

const SECRET = 'pact_s3cr3t-Value-Shown-Once-9xQ2';

const client = (patch: Partial<PactClient> = {}): PactClient => ({
  id: 'k1',
  name: 'SAP SFM test',
  clientId: 'pact_client_7f3a',
  secretHint: '9xQ2',
  createdAt: '2026-02-01T09:00:00Z',
  createdByEmail: 'admin@nordwind-shipping.example',
  lastUsedAt: null,
  revokedAt: null,
  active: true,
  connection: null,
  ...patch,
});

const viewer = (permissions: string[]) => () => ({ data: { viewer: { userId: 'u1', organizationId: 'o1', permissions } } });

const show = (answers: Answers, sent: Sent[] = [], path = '/app/pact/credentials') =>
  render(
    <WithClient client={testClient(answers, sent)} path={path}>
      <PactCredentialsPage />
    </WithClient>,
  );

describe('PACT API credentials', () => {
  it('shows the secret once with the token and API addresses, and only its hint after closing', async () => {
    const user = userEvent.setup();
    const sent: Sent[] = [];
    let issued = false;
    show(
      {
        Viewer: viewer(['pact:read', 'pact:manage']),
        PactClients: () => ({ data: { pactClients: issued ? [client()] : [] } }),
        PactConnectionNames: () => ({ data: { pactConnections: [{ id: 'c1', name: 'Baltic host' }] } }),
        CreatePactClient: () => {
          issued = true;
          return {
            data: {
              createPactClient: {
                clientSecret: SECRET,
                tokenUrl: 'https://tidewise.example/auth/token',
                apiBaseUrl: 'https://tidewise.example',
                client: client(),
              },
            },
          };
        },
      },
      sent,
    );
    expect(await screen.findByText('No active credentials')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Create credentials' })[0] as HTMLElement);
    const form = await screen.findByRole('dialog', { name: 'Create credentials' });
    await user.click(within(form).getByRole('button', { name: 'Create credentials' }));
    expect(await within(form).findByText('Name the credentials, for example after the partner.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Name'), 'SAP SFM test');
    await user.selectOptions(within(form).getByLabelText(/Partner connection/), 'c1');
    await user.click(within(form).getByRole('button', { name: 'Create credentials' }));

    const shown = await screen.findByRole('dialog', { name: 'Credentials for SAP SFM test' });
    expect(sent.find((s) => s.name === 'CreatePactClient')?.variables).toEqual({ input: { name: 'SAP SFM test', connectionId: 'c1' } });
    expect(within(shown).getByText('This is the only time the client secret is shown.', { exact: false })).toBeInTheDocument();
    expect(within(shown).getByTestId('issued-client-secret')).toHaveTextContent(SECRET);
    expect(within(shown).getByTestId('issued-client-id')).toHaveTextContent('pact_client_7f3a');
    expect(within(shown).getByTestId('issued-token-url')).toHaveTextContent('https://tidewise.example/auth/token');
    expect(within(shown).getByTestId('issued-api-base-url')).toHaveTextContent('https://tidewise.example');
    for (const name of ['Copy the Client ID', 'Copy the Client secret', 'Copy the Token URL', 'Copy the API base URL']) {
      expect(within(shown).getByRole('button', { name })).toBeInTheDocument();
    }

    await user.click(within(shown).getByRole('button', { name: 'I have stored the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('pact_client_7f3a')).toBeInTheDocument();
    expect(screen.getByText('Ending in')).toBeInTheDocument();
    expect(screen.getByText('9xQ2', { exact: false })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('revokes after a confirmation, and lists revoked credentials greyed with the date on request', async () => {
    const user = userEvent.setup();
    const sent: Sent[] = [];
    let revoked = false;
    show(
      {
        Viewer: viewer(['pact:read', 'pact:manage']),
        PactClients: (v) => ({
          data: {
            pactClients: revoked && !v.includeRevoked ? [] : [client(revoked ? { active: false, revokedAt: '2026-03-04T10:00:00Z' } : {})],
          },
        }),
        RevokePactClient: () => {
          revoked = true;
          return { data: { revokePactClient: client({ active: false, revokedAt: '2026-03-04T10:00:00Z' }) } };
        },
      },
      sent,
    );
    await user.click(await screen.findByRole('button', { name: 'Revoke SAP SFM test' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke SAP SFM test?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('SAP SFM test revoked. Its tokens are refused from now on.')).toBeInTheDocument();
    expect(sent.find((s) => s.name === 'RevokePactClient')?.variables).toEqual({ id: 'k1' });
    expect(await screen.findByText('No active credentials')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Show revoked credentials'));
    expect(await screen.findByText('Revoked 4 Mar 2026')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/app/pact/credentials?revoked=1');
    expect(screen.queryByRole('button', { name: 'Revoke SAP SFM test' })).not.toBeInTheDocument();
  });

  it('offers no management to a reader', async () => {
    show({ Viewer: viewer(['pact:read']), PactClients: () => ({ data: { pactClients: [client()] } }) });
    expect(await screen.findByText('pact_client_7f3a')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create credentials' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });
});
