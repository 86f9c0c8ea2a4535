import { describe, expect, it } from 'vitest';
import { checkSelection, UPLOAD_TEXT } from './upload-rules';

const file = (name: string, size = 10) => ({ name, size }) as File;

describe('upload control rules', () => {
  it('refuses a selection over the limit with the spec messages', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => file(`${i}.pdf`));
    expect(checkSelection(eleven, { existing: 0 })).toEqual({ accepted: [], warnings: ['最多可上传10个文件！'] });
    expect(checkSelection([file('a.pdf'), file('b.pdf')], { existing: 9, supplement: true }).warnings).toEqual(['最多还可补传1个文件！']);
    expect(checkSelection([file('a.pdf'), file('b.pdf')], { existing: 0, maxCount: 1 }).warnings).toEqual(['最多可上传1个文件！']);
  });

  it('refuses wrong types and files over 100 MB, keeping the good ones', () => {
    const r = checkSelection([file('a.exe'), file('b.PDF'), file('c.zip', 100 * 1024 * 1024 + 1), file('noext')], { existing: 0 });
    expect(r.accepted.map((f) => f.name)).toEqual(['b.PDF']);
    expect(r.warnings).toEqual([UPLOAD_TEXT.wrongType, UPLOAD_TEXT.tooLarge]);
    expect(checkSelection([file('a.png')], { existing: 0, accept: ['pdf'] }).warnings).toEqual([UPLOAD_TEXT.wrongType]);
  });
});
