import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { TextareaField } from './form.tsx';

const reasonSchema = z.object({ reason: z.string().trim().min(1, { error: 'Give a reason for the lock.' }) });

describe('ConfirmDialog', () => {
  it('waits for the exact confirmation text, then runs the action and closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => null);
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Clear all data?"
        description="This cannot be undone."
        confirmLabel="Clear data"
        confirmationText="Nordwind Shipping"
        onConfirm={onConfirm}
      />,
    );
    const button = screen.getByRole('button', { name: 'Clear data' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText(/to confirm/), 'Nordwind');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText(/to confirm/), ' Shipping');
    await user.click(button);
    expect(onConfirm).toHaveBeenCalledWith({});
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('checks its own fields and keeps a refusal open in the red alert', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => 'The last administrator of the organization cannot be locked.');
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Lock Ada?"
        description="They are signed out everywhere."
        confirmLabel="Lock user"
        schema={reasonSchema}
        defaultValues={{ reason: '' }}
        onConfirm={onConfirm}
      >
        {(form) => <TextareaField control={form.control} name="reason" label="Reason" />}
      </ConfirmDialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Lock user' }));
    expect(screen.getByText('Give a reason for the lock.')).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Reason'), '  Left the company ');
    await user.click(screen.getByRole('button', { name: 'Lock user' }));
    expect(onConfirm).toHaveBeenCalledWith({ reason: 'Left the company' });
    expect(await screen.findByText('The last administrator of the organization cannot be locked.')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
