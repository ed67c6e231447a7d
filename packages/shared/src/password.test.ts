import { describe, expect, it } from 'vitest';
import { isStrongPassword, PASSWORD_MESSAGES, passwordSchema, resetPasswordStrength } from './password.ts';

describe('passwordSchema (spec section 5)', () => {
  it('accepts 8 to 32 characters with lower, upper, digit and a special character', () => {
    expect(isStrongPassword('Abcdef1!')).toBe(true);
    expect(isStrongPassword(`Aa1#${'x'.repeat(28)}`)).toBe(true);
  });
  it('names the first broken rule', () => {
    const first = (value: string) => passwordSchema.safeParse(value).error?.issues[0]?.message;
    expect(first('Ab1!')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(first(`Aa1#${'x'.repeat(29)}`)).toBe(PASSWORD_MESSAGES.tooLong);
    expect(first('ABCDEF1!')).toBe(PASSWORD_MESSAGES.lowercase);
    expect(first('abcdef1!')).toBe(PASSWORD_MESSAGES.uppercase);
    expect(first('Abcdefg!')).toBe(PASSWORD_MESSAGES.digit);
    expect(first('Abcdefg1')).toBe(PASSWORD_MESSAGES.special);
    expect(first('Abcdefg1^')).toBe(PASSWORD_MESSAGES.special);
  });
});

describe('resetPasswordStrength', () => {
  it('scores six criteria into Weak, Fair, Good and Strong', () => {
    expect(resetPasswordStrength('abc')).toEqual({ score: 17, label: 'Weak' });
    expect(resetPasswordStrength('abcdefg1')).toEqual({ score: 50, label: 'Fair' });
    expect(resetPasswordStrength('Abcdefg1!')).toEqual({ score: 83, label: 'Good' });
    expect(resetPasswordStrength('Abcdefgh1!xy')).toEqual({ score: 100, label: 'Strong' });
  });
});
