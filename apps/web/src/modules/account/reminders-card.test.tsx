import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Client, CombinedError, cacheExchange, makeResult, type Operation, Provider } from 'urql';
import { describe, expect, it } from 'vitest';
import { filter, fromValue, mergeMap, never, pipe } from 'wonka';
import { RemindersCard } from './reminders-card.tsx';

const nameOf = (operation: Operation) => operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value ?? '';

/** A server keeping one user's setting; `refuse` makes the change fail with that message. */
const server = (initial: boolean, refuse?: string) => {
  const state = { muted: initial, sent: [] as unknown[] };
  const client = new Client({
    url: '/graphql',
    requestPolicy: 'cache-and-network',
    exchanges: [
      cacheExchange,
      () => (operations$) =>
        pipe(
          operations$,
          filter((operation: Operation) => operation.kind !== 'teardown'),
          mergeMap((operation: Operation) => {
            const name = nameOf(operation);
            const preference = () => ({ __typename: 'ReminderPreference', remindersMuted: state.muted });
            if (name === 'ReminderPreference') return fromValue(makeResult(operation, { data: { reminderPreference: preference() } }));
            if (name === 'UpdateReminderPreference') {
              state.sent.push(operation.variables);
              if (refuse) {
                const error = new CombinedError({ graphQLErrors: [{ message: refuse, extensions: { code: 'FORBIDDEN' } }] });
                return fromValue(makeResult(operation, { errors: error.graphQLErrors }));
              }
              state.muted = (operation.variables as { input: { remindersMuted: boolean } }).input.remindersMuted;
              return fromValue(makeResult(operation, { data: { updateReminderPreference: preference() } }));
            }
            return never;
          }),
        ),
    ],
  });
  return { state, client };
};

describe('RemindersCard', () => {
  it('mutes deadline reminders with the switch and says what still arrives', async () => {
    const user = userEvent.setup();
    const { client, state } = server(false);
    render(
      <Provider value={client}>
        <RemindersCard />
      </Provider>,
    );
    const toggle = await screen.findByRole('switch', { name: 'Mute deadline reminders' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/New requests, requests returned with comments and accepted answers are always emailed/);
    await user.click(toggle);
    expect(await screen.findByText('Deadline reminders are muted.')).toBeInTheDocument();
    expect(state.sent).toEqual([{ input: { remindersMuted: true } }]);
    expect(await screen.findByRole('switch', { name: 'Mute deadline reminders', checked: true })).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Mute deadline reminders' }));
    expect(await screen.findByText('Deadline reminders are on.')).toBeInTheDocument();
    expect(state.muted).toBe(false);
  });

  it("shows the server's refusal and keeps the setting", async () => {
    const user = userEvent.setup();
    const { client } = server(true, 'Your session has ended');
    render(
      <Provider value={client}>
        <RemindersCard />
      </Provider>,
    );
    await user.click(await screen.findByRole('switch', { name: 'Mute deadline reminders', checked: true }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended');
    expect(screen.getByRole('switch')).toBeChecked();
  });
});
