import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../platform/html';
import { indexWords, queryWords, tsQueryOf } from '../recruit/resume-text';

/**
 * Text work of the help centre: plain text of the sanitised HTML, the words of the index and of a
 * query (jieba, search mode, the same on both sides), passages and their highlights. PostgreSQL's
 * ts_headline cannot be used: the `simple` parser sees a run of Chinese characters as one token,
 * so it would mark whole sentences or nothing.
 */

const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote|pre|tr|table|ul|ol)>|<br\s*\/?>/gi;

/** The article's text with one line per block (paragraph, list item, heading). */
export function htmlToText(html: string): string {
  return sanitizeHtml(
    html.replace(BLOCK_END, (m) => `${m}\n`),
    { allowedTags: [], allowedAttributes: {} },
  )
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Source texts of the weighted tsvector: title words (A) and body words (B), space separated. */
export function documentWords(title: string, text: string): { title: string; body: string } {
  return { title: indexWords(title).join(' '), body: indexWords(text).join(' ') };
}

/**
 * Words that say nothing about what is asked (question words, pronouns, particles): dropped from
 * the assistant's OR query so "我还有几天年假" looks for 年假, not for 我.
 */
const STOP = new Set(
  '我 你 他 她 它 的 了 吗 呢 吧 啊 呀 么 嘛 是 有 在 和 与 及 或 就 都 也 还 还有 要 想 能 会 可以 怎么 怎样 怎么样 如何 怎么办 咋 咋办 咋弄 什么 需要 为什么 哪些 能不能 可不可以 是否 哪 哪里 哪儿 哪个 多少 几 几天 请问 一下 这个 那个 这 那 我的 我们 请 帮 帮我 查 查询 看 看看 现在 目前 to the a an of is are how do i my what where when'.split(
    ' ',
  ),
);

export const isStopWord = (word: string) => STOP.has(word);

/** Words of a query; `meaningful` drops the stop words (unless nothing else is left). */
export function searchWords(q: string, meaningful = false): string[] {
  const words = queryWords(q);
  if (!meaningful) return words;
  const kept = words.filter((w) => !STOP.has(w));
  return kept.length ? kept : words;
}

/** to_tsquery text: every word (AND) or any word (OR). */
export function tsQuery(words: string[], mode: 'all' | 'any'): string {
  return mode === 'all' ? tsQueryOf(words) : tsQueryOf(words).split(' & ').join(' | ');
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Sentences and lines of a text: the units an answer quotes. */
export function passagesOf(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) => line.match(/[^。！？!?；;]+[。！？!?；;]?/g) ?? [line])
    .map((p) => p.trim())
    .filter((p) => p.length > 1);
}

/** The passage holding the most distinct words (earlier wins a tie); the first one when none holds any. */
export function bestPassage(text: string, words: string[], max = 160): { text: string; hits: number } {
  const lower = words.map((w) => w.toLowerCase());
  let best = { text: '', hits: -1 };
  for (const p of passagesOf(text)) {
    const l = p.toLowerCase();
    const hits = lower.filter((w) => l.includes(w)).length;
    if (hits > best.hits) best = { text: p, hits };
  }
  const clipped = best.text.length > max ? `${best.text.slice(0, max - 1)}…` : best.text;
  return { text: clipped, hits: Math.max(0, best.hits) };
}

/** The passage HTML-escaped, with every occurrence of the words in <mark> (longest first, no nesting). */
export function highlight(passage: string, words: string[]): string {
  const parts = [...new Set(words.filter(Boolean))].sort((a, b) => b.length - a.length).map(escapeRe);
  if (!parts.length) return escapeHtml(passage);
  const re = new RegExp(`(${parts.join('|')})`, 'gi');
  return passage
    .split(re)
    .map((piece, i) => (i % 2 === 1 ? `<mark>${escapeHtml(piece)}</mark>` : escapeHtml(piece)))
    .join('');
}
