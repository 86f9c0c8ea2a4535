import { describe, expect, it } from 'vitest';
import { clearPermissions, hasAuth, setLoginPermissions, setMenuPermissions } from './permissions';

describe('hasAuth (spec 000 §6)', () => {
  it('compares codes case-insensitively and accepts any of a list', () => {
    setLoginPermissions(['base:user:EDIT']);
    expect(hasAuth('BASE:user:edit')).toBe(true);
    expect(hasAuth(['hr:x', 'base:user:edit'])).toBe(true);
    expect(hasAuth(['hr:x', 'hr:y'])).toBe(false);
  });

  it('grants buttons of the current menu only when funcStatus is 1', () => {
    clearPermissions();
    setMenuPermissions([
      { buttonAuthIdenti: 'msg:notice:manage', funcStatus: 1 },
      { buttonAuthIdenti: 'msg:notice:delete', funcStatus: 0 },
    ]);
    expect(hasAuth('msg:notice:manage')).toBe(true);
    expect(hasAuth('msg:notice:delete')).toBe(false);
  });

  it('throws "need Auth" on a bad argument', () => {
    expect(() => hasAuth('')).toThrow('need Auth');
    expect(() => hasAuth([])).toThrow('need Auth');
    expect(() => hasAuth(undefined as unknown as string)).toThrow('need Auth');
    expect(() => hasAuth([1] as unknown as string[])).toThrow('need Auth');
  });
});
