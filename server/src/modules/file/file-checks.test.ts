import { describe, expect, it } from 'vitest';
import { checkName, checkUpload, FILE_MESSAGES } from './file-checks';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const PDF = new TextEncoder().encode('%PDF-1.7\n');
const EXE = new TextEncoder().encode('MZ\x90\x00');

describe('upload checks', () => {
  it('accepts files whose bytes match the extension', () => {
    expect(checkUpload({ filename: '头像.PNG', size: 10, head: PNG })).toMatchObject({
      ok: true,
      name: { suffix: 'png', baseName: '头像', fileType: 'image' },
    });
    expect(checkUpload({ filename: 'contract.v2.pdf', size: 9, head: PDF })).toMatchObject({ ok: true, name: { baseName: 'contract.v2' } });
    const tar = new Uint8Array(512);
    tar.set(new TextEncoder().encode('ustar'), 257);
    expect(checkUpload({ filename: 'a.tar', size: 512, head: tar }).ok).toBe(true);
  });

  it('refuses renamed executables, wrong extensions, empty and oversize files', () => {
    expect(checkUpload({ filename: 'report.pdf', size: 4, head: EXE })).toEqual({ ok: false, message: FILE_MESSAGES.wrongType });
    expect(checkUpload({ filename: 'run.exe', size: 4, head: EXE })).toEqual({ ok: false, message: FILE_MESSAGES.wrongType });
    expect(checkUpload({ filename: 'noext', size: 4, head: PDF })).toEqual({ ok: false, message: FILE_MESSAGES.wrongType });
    expect(checkUpload({ filename: 'a.png', size: 0, head: new Uint8Array() })).toEqual({ ok: false, message: FILE_MESSAGES.empty });
    expect(checkUpload({ filename: 'a.pdf', size: 100 * 1024 * 1024 + 1, head: PDF })).toEqual({ ok: false, message: FILE_MESSAGES.tooLarge });
  });

  it('refuses path-like and hidden names', () => {
    for (const name of ['../../x.pdf', '..\\x.pdf', 'a/b.pdf', '.htaccess', 'a\u0000.pdf', '', `${'a'.repeat(201)}.pdf`]) {
      expect(checkName(name)).toEqual({ ok: false, message: FILE_MESSAGES.badName });
    }
  });
});
