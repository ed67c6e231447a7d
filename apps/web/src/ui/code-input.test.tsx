import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput } from './code-input.tsx';

const Harness = ({ onComplete }: { onComplete: (code: string) => void }) => {
  const [value, setValue] = useState('');
  return (
    <>
      <CodeInput label="Verification code" value={value} onChange={setValue} onComplete={onComplete} />
      <output data-testid="value">{value}</output>
    </>
  );
};

const boxes = () => screen.getAllByRole('textbox');

describe('CodeInput', () => {
  it('is one labelled group of six labelled boxes', () => {
    render(<Harness onComplete={() => {}} />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByLabelText('Digit 6 of 6')).toHaveAttribute('inputmode', 'numeric');
  });

  it('moves focus forward while typing and submits once when the sixth digit arrives', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('12345');
    expect(screen.getByLabelText('Digit 6 of 6')).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('ignores letters', async () => {
    const user = userEvent.setup();
    render(<Harness onComplete={() => {}} />);
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('a1b');
    expect(screen.getByTestId('value')).toHaveTextContent(/^1$/);
  });

  it('fills every box from a pasted code, even with spaces, and submits it', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await user.click(screen.getByLabelText('Digit 3 of 6'));
    await user.paste('482 913');
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['4', '8', '2', '9', '1', '3']);
    expect(onComplete).toHaveBeenCalledWith('482913');
  });

  it('takes a whole code autofilled into the first box', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await user.type(screen.getByLabelText('Digit 1 of 6'), '654321');
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('moves back with Backspace from an empty box', async () => {
    const user = userEvent.setup();
    render(<Harness onComplete={() => {}} />);
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('12');
    expect(screen.getByLabelText('Digit 3 of 6')).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(screen.getByLabelText('Digit 2 of 6')).toHaveFocus();
    expect(screen.getByTestId('value')).toHaveTextContent(/^1$/);
  });
});
