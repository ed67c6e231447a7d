import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { registrationStrength, resetStrength } from '../lib/password-strength.ts';
import { StrengthMeter } from './strength-meter.tsx';

describe('reset password strength (six criteria)', () => {
  it.each([
    ['', 'Weak', 0, false],
    ['abc', 'Weak', 25, false],
    ['abcdefgh1', 'Fair', 50, true],
    ['Abcdefgh1', 'Fair', 50, true],
    ['Abcdefgh1!', 'Good', 75, true],
    ['Abcdefgh1!xy', 'Strong', 100, true],
  ])('%j is %s (%i) and acceptable: %s', (password, label, value, acceptable) => {
    const strength = resetStrength(password);
    expect(strength.label).toBe(label);
    expect(strength.value).toBe(value);
    expect(strength.acceptable).toBe(acceptable);
  });

  it('lists the six criteria', () => {
    expect(resetStrength('Abcdefgh').criteria.map((c) => c.met)).toEqual([true, false, true, true, false, false]);
  });
});

describe('registration password strength', () => {
  it.each([
    ['abcdefgh', 'Weak'],
    ['abcdefgh1', 'Good'],
    ['Abcdefg1!', 'Strong'],
    ['Abcdefghijklmnop1!', 'Strong'],
  ])('%j is %s', (password, label) => {
    expect(registrationStrength(password).label).toBe(label);
  });

  it('gives bonuses for 12 and 16 characters', () => {
    const base = registrationStrength('abcdefgh').value;
    expect(registrationStrength('abcdefghijkl').value).toBe(base + 10);
    expect(registrationStrength('abcdefghijklmnop').value).toBe(base + 20);
  });
});

describe('StrengthMeter', () => {
  it('exposes the value and the label to assistive technology', () => {
    const strength = resetStrength('Abcdefgh1!');
    render(<StrengthMeter value={strength.value} label={strength.label} criteria={strength.criteria} />);
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(meter).toHaveAttribute('aria-valuenow', '75');
    expect(meter).toHaveAttribute('aria-valuetext', 'Good (75%)');
    expect(screen.getByText('A symbol, such as ! or #').parentElement).toHaveTextContent('(done)');
    expect(screen.getByText('At least 12 characters').parentElement).toHaveTextContent('(missing)');
  });
});
