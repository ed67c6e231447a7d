import { describe, expect, it } from 'vitest';
import { findInValue, textProblem } from './text-input-guard.ts';

describe('textProblem', () => {
  it('refuses C0 control characters and DEL, keeps tab, newline, carriage return and any printable text', () => {
    for (const bad of ['\u0000', 'a\u0001', '\u0008', '\u000b', '\u000c', '\u001b[31m', '\u001f', '\u007f']) {
      expect(textProblem(bad), JSON.stringify(bad)).toBe('must not contain control characters');
    }
    for (const good of ['', 'tab\there', 'line\nbreak\r\n', "O'Brien; DROP TABLE users;--", 'Ærøskøbing', '⚓🚢', '\u00a0\u2028']) {
      expect(textProblem(good), JSON.stringify(good)).toBeNull();
    }
  });

  it('refuses half of a surrogate pair, keeps whole pairs', () => {
    expect(textProblem('a\ud83d')).toBe('must be valid Unicode text');
    expect(textProblem('\ude80b')).toBe('must be valid Unicode text');
    expect(textProblem('\ud83d\ude80')).toBeNull();
  });
});

describe('findInValue', () => {
  it('names the path of the first refused string, through objects, lists and keys', () => {
    expect(findInValue({ a: ['ok', { b: 'x\u0000' }] }, ['input'])).toEqual({
      path: ['input', 'a', 1, 'b'],
      problem: 'must not contain control characters',
    });
    expect(findInValue({ 'bad\u0000key': 1 }, ['v'])?.path).toEqual(['v', 'bad\u0000key']);
    expect(findInValue({ n: 1, b: true, z: null, s: 'fine' }, ['v'])).toBeNull();
  });

  it('walks a value nested 200,000 levels deep in linear time, without recursion', () => {
    let value: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i += 1) value = i % 2 ? [value] : { k: value };
    const started = performance.now();
    const found = findInValue(value, ['v']);
    expect(found?.path).toHaveLength(200_001);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
