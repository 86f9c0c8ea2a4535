import { describe, expect, it } from 'vitest';
import { plainExcerpt, sanitizeMessageHtml } from './sanitize';

describe('message HTML', () => {
  it('keeps editor formatting and removes scripts, handlers and dangerous links', () => {
    const html = sanitizeMessageHtml(
      '<h2 style="text-align:center;position:fixed">通知</h2><p onclick="x()">请<strong>按时</strong>提交<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="y()"><iframe src="//evil"></iframe><a href="https://example.com">ok</a>',
    );
    expect(html).toContain('<h2 style="text-align:center">通知</h2>');
    expect(html).toContain('<strong>按时</strong>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript|iframe|position/);
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">ok</a>');
  });

  it('makes a plain excerpt', () => {
    expect(plainExcerpt('<p>a &amp; b</p>\n<p>c</p>')).toBe('a & b c');
    expect(plainExcerpt(`<p>${'长'.repeat(300)}</p>`)).toHaveLength(200);
  });
});
