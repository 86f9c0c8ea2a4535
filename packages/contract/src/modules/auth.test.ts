import { describe, expect, it } from 'vitest';
import { passwordStrongEnough } from './auth';

describe('password strength rule', () => {
  it('needs 8-64 characters of at least three classes', () => {
    expect(passwordStrongEnough('Demo@123')).toBe(true);
    expect(passwordStrongEnough('abcdefgh')).toBe(false);
    expect(passwordStrongEnough('abcd1234')).toBe(false);
    expect(passwordStrongEnough('Abcd1234')).toBe(true);
    expect(passwordStrongEnough('Ab1!')).toBe(false);
    expect(passwordStrongEnough(`Aa1!${'x'.repeat(61)}`)).toBe(false);
  });
});
