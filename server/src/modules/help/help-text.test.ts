import { beforeAll, describe, expect, it } from 'vitest';
import { warmSegmenter } from '../recruit/resume-text';
import { bestPassage, highlight, htmlToText, passagesOf, searchWords, tsQuery } from './help-text';
import { annualLeaveDays } from './xiaode';

beforeAll(() => warmSegmenter());

describe('help text', () => {
  it('reads one line per block of the sanitised HTML, entities decoded', () => {
    expect(htmlToText('<ol><li>打开待办</li><li>点击 &lt;同意&gt;</li></ol><p>A&amp;B<br>C</p>')).toBe('打开待办\n点击 <同意>\nA&B\nC');
  });

  it('finds the passage with the most query words and marks them, escaped', () => {
    const text = '工作台列出应用。\n点击“编辑快捷入口”，勾选常用应用并保存。\n公告栏每 5 秒滚动。';
    expect(passagesOf(text)).toHaveLength(3);
    expect(bestPassage(text, ['快捷', '入口', '保存']).text).toBe('点击“编辑快捷入口”，勾选常用应用并保存。');
    expect(highlight('a<b> 快捷入口', ['快捷', '快捷入口'])).toBe('a&lt;b&gt; <mark>快捷入口</mark>');
    expect(highlight('x.*y', ['.*'])).toBe('x<mark>.*</mark>y');
  });

  it('cuts queries like the index and drops question words for the assistant', () => {
    const words = searchWords('我还有几天年假', true);
    expect(words.some((w) => w.includes('假'))).toBe(true);
    expect(words).not.toContain('我');
    expect(words).not.toContain('还有');
    expect(tsQuery(["it's", '审批'], 'any')).toBe("'it''s' | '审批'");
  });

  it('gives statutory annual leave by years of work', () => {
    expect([0, 1, 9, 10, 19, 20, 35].map(annualLeaveDays)).toEqual([0, 5, 5, 10, 10, 15, 15]);
  });
});
