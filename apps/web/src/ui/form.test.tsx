import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ServerFailure } from '../lib/errors.ts';
import { Form, FormAlert, mustMatch, PasswordField, SelectField, setServerError, TextField, useSaved, useZodForm } from './form.tsx';

const schema = mustMatch(
  z.object({
    name: z.string().trim().min(1, { error: 'Enter your name' }),
    colour: z.enum(['red', 'blue'], { error: 'Choose a colour' }),
    password: z.string().min(8, { error: 'Password must be at least 8 characters' }),
    confirmation: z.string(),
  }),
  'confirmation',
  'password',
  "Passwords don't match",
);

const Harness = ({
  onValues = () => {},
  failure = null,
  hideColourError = false,
}: {
  onValues?: (values: z.output<typeof schema>) => void;
  failure?: ServerFailure | string | null;
  hideColourError?: boolean;
}) => {
  const form = useZodForm(schema, { defaultValues: { name: '', colour: '', password: '', confirmation: '' } });
  return (
    <Form
      form={form}
      idPrefix="test"
      onSubmit={async (values) => {
        onValues(values);
        setServerError(form, failure);
      }}
    >
      <FormAlert control={form.control} />
      <TextField control={form.control} name="name" label="Name" hint="As on your passport" />
      <SelectField control={form.control} name="colour" label="Colour" showError={!hideColourError}>
        <option value="">Choose</option>
        <option value="red">Red</option>
        <option value="blue">Blue</option>
      </SelectField>
      <PasswordField control={form.control} name="password" label="Password" describedBy="test-meter" />
      <PasswordField control={form.control} name="confirmation" label="Confirm password" />
      <button type="submit">Save</button>
    </Form>
  );
};

const fillValid = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('Name'), '  Ada  ');
  await user.selectOptions(screen.getByLabelText('Colour'), 'blue');
  await user.type(screen.getByLabelText('Password'), 'Harbour-2025!');
  await user.type(screen.getByLabelText('Confirm password'), 'Harbour-2025!');
};

describe('the form pattern', () => {
  it('shows every message at once on submit, links it to its control and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    render(<Harness onValues={onValues} />);
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Choose a colour')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('id', 'test-name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAttribute('aria-describedby', 'test-name-hint test-name-error');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-describedby', 'test-meter test-password-error');
    expect(onValues).not.toHaveBeenCalled();
  });

  it('says nothing while typing before the first submit, then checks each change', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '-and-longer');
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    expect(screen.queryByText('Enter your name')).toBeNull();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('submits the values as the schema outputs them', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    render(<Harness onValues={onValues} />);
    await fillValid(user);
    await user.keyboard('{Enter}');
    expect(onValues).toHaveBeenCalledWith({ name: 'Ada', colour: 'blue', password: 'Harbour-2025!', confirmation: 'Harbour-2025!' });
  });

  it('puts a server failure on the field it names and focuses it', async () => {
    const user = userEvent.setup();
    render(<Harness failure={{ message: 'That name is taken.', field: 'input.name' }} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That name is taken.')).toHaveAttribute('id', 'test-name-error');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows other server failures in the form alert until the next submit', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness failure={{ message: 'Too many attempts.', field: 'token' }} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
    rerender(<Harness failure={null} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByText('Too many attempts.')).toBeNull();
  });

  it('shows a plain message in the alert', async () => {
    const user = userEvent.setup();
    render(<Harness failure="Something went wrong. Please try again." />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('puts a failure for a field without a visible message in the alert', async () => {
    const user = userEvent.setup();
    render(<Harness failure={{ message: 'Too weak for this server.', field: 'colour' }} hideColourError />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too weak for this server.');
  });
});

const nameSchema = z.object({ name: z.string().trim().min(1, { error: 'Enter your name' }) });

const SavedHarness = ({ save }: { save: () => Promise<string | null> }) => {
  const form = useZodForm(nameSchema, { defaultValues: { name: 'Ada' } });
  const saved = useSaved(form);
  return (
    <Form form={form} onSubmit={async () => void setServerError(form, await save())}>
      {saved ? <p>Saved.</p> : null}
      <FormAlert control={form.control} />
      <TextField control={form.control} name="name" label="Name" />
      <button type="submit">Save</button>
    </Form>
  );
};

describe('useSaved', () => {
  it('says saved after a successful submit until the next change, and not after a refusal', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async (): Promise<string | null> => null);
    render(<SavedHarness save={save} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'x');
    expect(screen.queryByText('Saved.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    save.mockResolvedValueOnce('Something went wrong. Please try again.');
    await user.type(screen.getByLabelText('Name'), 'y');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.queryByText('Saved.')).toBeNull();
  });
});
