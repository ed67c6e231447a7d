import { describe, expect, it } from 'vitest';
import { createObjectKey, isValidObjectKey } from './object-key.ts';

describe('object keys', () => {
  it('are generated as org/<organizationId>/<uuid>, never from a file name', () => {
    const organizationId = '6F9619FF-8B86-4D11-B42D-00C04FC964FF';
    const key = createObjectKey(organizationId);
    expect(key).toMatch(/^org\/6f9619ff-8b86-4d11-b42d-00c04fc964ff\/[0-9a-f-]{36}$/);
    expect(createObjectKey(organizationId)).not.toBe(key);
    expect(isValidObjectKey(key)).toBe(true);
    expect(() => createObjectKey('../other')).toThrow('UUID');
  });

  it('refuse anything a path or URL parser could read differently', () => {
    for (const key of [
      '',
      '/org/a',
      'org/a/',
      'org//a',
      '../secrets.json',
      'org/../../secrets.json',
      'org/./a',
      'org/.hidden',
      'org/a\\..\\b',
      'org/%2e%2e/a',
      'org/a%2Fb',
      'org/a b',
      'org/a\u0000b',
      'org/ä',
      'a/b/c/d/e/f/g/h/i',
      `org/${'a'.repeat(129)}`,
    ]) {
      expect(isValidObjectKey(key), key).toBe(false);
    }
    expect(isValidObjectKey('org/a.b_c-d/1')).toBe(true);
  });
});
