import { describe, expect, it } from 'vitest';
import { confirmMfaMethodChangeSchema, startMfaMethodChangeSchema, updateMyProfileSchema } from './account.ts';

const first = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('account inputs', () => {
  it('needs a first and last name and one of the four languages', () => {
    expect(first(updateMyProfileSchema.safeParse({ firstName: ' ', lastName: 'Holm' }))).toBe('Enter your first name');
    expect(first(updateMyProfileSchema.safeParse({ firstName: 'Freja', lastName: '' }))).toBe('Enter your last name');
    expect(updateMyProfileSchema.safeParse({ firstName: 'Freja', lastName: 'Holm', language: 'fr' }).success).toBe(false);
    expect(updateMyProfileSchema.parse({ firstName: ' Freja ', lastName: 'Holm', language: 'da' })).toEqual({
      firstName: 'Freja',
      lastName: 'Holm',
      language: 'da',
    });
  });

  it('asks for the password before a method change and six digits after it', () => {
    expect(first(startMfaMethodChangeSchema.safeParse({ password: '', method: 'Email' }))).toBe('Enter your password');
    expect(first(confirmMfaMethodChangeSchema.safeParse({ code: '12345' }))).toBe('Enter the 6-digit code');
    expect(confirmMfaMethodChangeSchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
  });
});
