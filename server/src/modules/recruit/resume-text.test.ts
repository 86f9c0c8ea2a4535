import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { interviewIcs } from './ics';
import { docxOf, pdfOf } from './resume-fixtures';
import { extractText, findFields, indexWords, queryWords, resumeKind, searchParts, tsQueryOf, warmSegmenter } from './resume-text';

beforeAll(() => warmSegmenter());

const tmp = (name: string, data: Buffer) => {
  const p = path.join(os.tmpdir(), `resume-${process.pid}-${name}`);
  fs.writeFileSync(p, data);
  return p;
};

describe('résumé text', () => {
  it('reads a PDF and a Chinese DOCX, and tells them apart by their bytes', { timeout: 30_000 }, async () => {
    const pdf = pdfOf(['Name: Li Lei', 'Phone 13812345678  lilei@example.com', 'Bachelor, 6 years of experience with Java']);
    expect(resumeKind(pdf.subarray(0, 8), 'cv.pdf')).toBe('pdf');
    expect(resumeKind(pdf.subarray(0, 8), 'cv.docx')).toBeNull();
    const text = await extractText(tmp('a.pdf', pdf), 'pdf');
    expect(text).toContain('13812345678');
    const docx = await docxOf(['姓名：韩梅梅', '手机：139 1234 5678', '邮箱：hanmm@example.com', '硕士研究生，8年工作经验，熟悉前端开发工程化']);
    expect(resumeKind(docx.subarray(0, 8), '简历.docx')).toBe('docx');
    const zh = await extractText(tmp('b.docx', docx), 'docx');
    expect(findFields(zh)).toEqual({ name: '韩梅梅', phone: '13912345678', email: 'hanmm@example.com', education: '002', years: 8, idCardNo: null });
  });

  it('segments Chinese for the index (search mode) and for queries', () => {
    const words = indexWords('资深前端开发工程师，熟悉React');
    expect(words).toEqual(expect.arrayContaining(['前端', '开发', '工程师', 'react']));
    expect(queryWords('前端 React!')).toEqual(['前端', 'react']);
    expect(tsQueryOf(["o'neil", 'a\\b'])).toBe("'o''neil' & 'ab'");
  });

  it('leaves out of a query the parts search mode gives every holder of a longer query word', () => {
    expect(searchParts('工程师')).toEqual(['工程']);
    expect(queryWords('工程师')).toEqual(['工程师']);
    expect(queryWords('Java 开发工程师')).toEqual(['java', '开发', '工程师']);
    expect(queryWords('前端开发工程师')).toEqual(['前端开发', '工程师']);
    expect(queryWords('项目经理 上海')).toEqual(['项目经理', '上海']);
    // A word jieba does not know is split, not given parts: both halves stay.
    expect(queryWords('微服务')).toEqual(['微', '服务']);
    // Every part of an indexed word is indexed with it.
    for (const word of ['工程师', '人力资源', '前端开发']) expect(indexWords(`资深${word}`)).toEqual(expect.arrayContaining([word, ...searchParts(word)]));
  });

  it('writes a valid .ics request with folded UTF-8 lines', () => {
    const ics = interviewIcs({
      uid: 'interview-1@x',
      start: new Date('2030-01-02T01:00:00Z'),
      end: new Date('2030-01-02T02:00:00Z'),
      summary: `面试：${'很长的名字'.repeat(10)}`,
      description: 'a,b;c\nd',
      location: '会议室A',
      organizerEmail: 'r@x',
      attendees: [{ name: '张三', email: 'z@x' }],
      stamp: new Date('2030-01-01T00:00:00Z'),
    });
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART:20300102T010000Z');
    expect(ics).toContain('DESCRIPTION:a\\,b\\;c\\nd');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});
