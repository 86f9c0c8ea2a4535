import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../errors';
import { redact } from './register';

describe('redact', () => {
  it('hides secrets at any depth and shortens huge strings', () => {
    expect(redact({ username: 'a', password: 'x', nested: [{ newPassword: 'y', access_token: 't', validCode: '1' }] })).toEqual({
      username: 'a',
      password: '***',
      nested: [{ newPassword: '***', access_token: '***', validCode: '***' }],
    });
    expect(String(redact('z'.repeat(5000))).length).toBeLessThan(2010);
  });
});

describe('database outage detection', () => {
  it('recognises connection failures of both drivers, and nothing else', () => {
    expect(isDatabaseUnavailable({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
    expect(isDatabaseUnavailable({ message: 'x', cause: { code: '57P01' } })).toBe(true);
    expect(isDatabaseUnavailable(new Error('duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
