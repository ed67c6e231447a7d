import { describe, expect, it } from 'vitest';
import { errorMessage, FALLBACK_MESSAGE, mutationError, mutationFailure } from './errors.ts';

describe('error messages', () => {
  it('uses the server message, or the spec fallback for masked and missing errors', () => {
    const error = (message: string, code?: string) => ({ graphQLErrors: [{ message, extensions: { code } }] }) as never;
    expect(errorMessage(error('The last administrator cannot be removed.', 'CONFLICT'))).toBe('The last administrator cannot be removed.');
    expect(errorMessage(error('boom', 'INTERNAL_SERVER_ERROR'))).toBe(FALLBACK_MESSAGE);
    expect(errorMessage(undefined)).toBe('Something went wrong. Please try again.');
  });
  it('treats success: false as a failure and a missing payload as the fallback', () => {
    expect(mutationFailure({ data: { r: { success: false, message: 'Nope', errors: [] } } }, (d) => d.r)).toBe('Nope');
    expect(mutationFailure({ data: { r: { success: true } } }, (d) => d.r)).toBeNull();
    expect(mutationFailure({ data: null }, () => null)).toBe(FALLBACK_MESSAGE);
  });
  it('keeps the field the server blamed, from the error or from the response', () => {
    const error = (message: string, extensions: Record<string, unknown>) => ({ graphQLErrors: [{ message, extensions }] }) as never;
    expect(mutationError({ error: error('A role named "Ops" already exists.', { code: 'CONFLICT', field: 'name' }) }, () => null)).toEqual({
      message: 'A role named "Ops" already exists.',
      field: 'name',
    });
    expect(mutationError({ error: error('boom', { code: 'INTERNAL_SERVER_ERROR', field: 'name' }) }, () => null)).toEqual({
      message: FALLBACK_MESSAGE,
      field: null,
    });
    const refused = { r: { success: false, message: 'Nope', errors: [{ message: 'Too long', field: 'message' }] } };
    expect(mutationError({ data: refused }, (d) => d.r)).toEqual({ message: 'Too long', field: 'message' });
    expect(mutationError({ data: { r: { success: true } } }, (d) => d.r)).toBeNull();
  });
});
