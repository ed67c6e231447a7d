import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactForm, isContactReason, validateContact } from './contact-form.tsx';

describe('contact form', () => {
  it('accepts only the six contact reasons from the query string', () => {
    expect(isContactReason('partnership')).toBe(true);
    expect(isContactReason('sales')).toBe(false);
    expect(isContactReason(null)).toBe(false);
  });

  it('reports the first message of each missing field', () => {
    const { errors, data } = validateContact({ name: '', email: 'x', company: ' ', reason: '', message: '' });
    expect(data).toBeUndefined();
    expect(errors).toEqual({
      name: 'Enter your name',
      email: 'Enter a valid email address, like name@company.com',
      company: 'Enter your company',
      reason: 'Choose a reason',
      message: 'Enter a message',
    });
  });

  it('shows inline messages and focuses the first invalid field instead of sending', async () => {
    render(<ContactForm initialReason="partnership" />);
    expect(screen.getByLabelText('Reason')).toHaveValue('partnership');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-describedby', 'contact-name-error');
    expect(screen.getByText('Enter your company')).toBeInTheDocument();
    expect(screen.queryByText('Choose a reason', { selector: 'p' })).toBeNull();
  });
});
