import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReviewForm } from './review-form.tsx';
import { reviewFormSchema } from './review-schema.ts';

const fields = [
  { key: 'imo_number', label: 'IMO number' },
  { key: 'fuel_type', label: 'Fuel type' },
];

const issues = (value: unknown) => {
  const result = reviewFormSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('reviewFormSchema', () => {
  it('takes a message and comments on a row, a field or a cell, as the API wants them', () => {
    const result = reviewFormSchema.parse({
      message: '  Please fix the fuel types  ',
      comments: [
        { rowNumber: ' 12 ', field: '', message: 'Date missing' },
        { rowNumber: '', field: 'fuel_type', message: 'Use the catalogue names' },
        { rowNumber: '3', field: 'imo_number', message: 'Not an IMO number' },
      ],
    });
    expect(result).toEqual({
      message: 'Please fix the fuel types',
      comments: [
        { rowNumber: 12, field: null, message: 'Date missing' },
        { rowNumber: null, field: 'fuel_type', message: 'Use the catalogue names' },
        { rowNumber: 3, field: 'imo_number', message: 'Not an IMO number' },
      ],
    });
  });

  it('says every problem at once, on the comment it is about', () => {
    expect(
      issues({
        message: ' ',
        comments: [
          { rowNumber: 'twelve', field: '', message: 'x' },
          { rowNumber: '0', field: '', message: 'x' },
          { rowNumber: '', field: '', message: 'about nothing' },
          { rowNumber: '4', field: 'fuel_type', message: '' },
          { rowNumber: '4', field: 'fuel_type', message: 'again' },
        ],
      }),
    ).toEqual([
      ['message', 'Say what to change'],
      ['comments.0.rowNumber', 'The row number must be a whole number, like 12'],
      ['comments.1.rowNumber', 'The row number must be 1 or more'],
      ['comments.2.rowNumber', 'Give the row number, pick a field, or both'],
      ['comments.3.message', 'Write the comment'],
      ['comments.4.message', 'Comments 4 and 5 are both about row 4, field fuel_type; combine them'],
    ]);
  });

  it('lets a row and a cell of that row have one comment each', () => {
    expect(
      issues({
        message: 'Fix',
        comments: [
          { rowNumber: '4', field: '', message: 'a' },
          { rowNumber: '4', field: 'fuel_type', message: 'b' },
          { rowNumber: '', field: 'fuel_type', message: 'c' },
        ],
      }),
    ).toEqual([]);
  });
});

describe('ReviewForm', () => {
  it('builds the list of comments, and sends the review once it is right', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => null);
    render(<ReviewForm fields={fields} onSubmit={onSubmit} onCancel={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Return to the supplier' }));
    expect(await screen.findByText('Say what to change')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/What should the supplier change/), 'Two rows need work');
    await user.click(screen.getByRole('button', { name: 'Add a comment' }));
    const first = screen.getByRole('group', { name: 'Comment 1' });
    expect(within(first).getByLabelText(/Row/)).toHaveFocus();
    await user.type(within(first).getByLabelText(/Row/), '7');
    await user.selectOptions(within(first).getByLabelText(/Field/), 'Fuel type');
    await user.type(within(first).getByLabelText('Comment'), 'HFO is not a catalogue value');

    await user.click(screen.getByRole('button', { name: 'Add a comment' }));
    const second = screen.getByRole('group', { name: 'Comment 2' });
    await user.type(within(second).getByLabelText('Comment'), 'Nothing named');
    await user.click(screen.getByRole('button', { name: 'Return to the supplier' }));
    expect(await within(second).findByText('Give the row number, pick a field, or both')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove comment 2' }));
    expect(screen.queryByRole('group', { name: 'Comment 2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Return to the supplier' }));
    expect(onSubmit).toHaveBeenCalledWith({
      message: 'Two rows need work',
      comments: [{ rowNumber: 7, field: 'fuel_type', message: 'HFO is not a catalogue value' }],
    });
  });

  it('shows the server’s refusal in the form', async () => {
    const user = userEvent.setup();
    render(<ReviewForm fields={[]} onSubmit={async () => 'A request that is accepted cannot be returned.'} onCancel={() => {}} />);
    await user.type(screen.getByLabelText(/What should the supplier change/), 'Fix it');
    await user.click(screen.getByRole('button', { name: 'Return to the supplier' }));
    expect(await screen.findByText('A request that is accepted cannot be returned.')).toBeInTheDocument();
  });
});
