import fs from 'node:fs';
import { onFirstUse } from '../../platform/lazy';
import { pdfText } from '../../platform/pdf/pdf-text';
import { checkZip } from '../../platform/resource/zip-bounds';

/**
 * Text of an uploaded résumé and the facts found in it. PDF through pdfjs-dist (legacy build, runs
 * on Node 20 without a canvas), DOCX through mammoth; both are loaded on the first résumé a process
 * reads. Words for full-text search come from @node-rs/jieba (search mode: 前端开发工程师 also
 * yields 前端, 开发, 工程师), so Chinese text is searchable with PostgreSQL's `simple` configuration.
 */

export const MAX_RESUME_TEXT = 200_000;

const jieba = onFirstUse(async () => {
  const { Jieba } = await import('@node-rs/jieba');
  const { dict } = await import('@node-rs/jieba/dict.js');
  return Jieba.withDict(dict);
});

/** Resolved at start by `warmSegmenter` so request paths can segment synchronously. */
let segmenter: Awaited<ReturnType<typeof jieba>> | null = null;
export async function warmSegmenter(): Promise<void> {
  segmenter ??= await jieba();
}

const WORD = /[\p{L}\p{N}]/u;

/** Lower-cased words of a text for the index (search mode), de-duplicated, punctuation dropped. */
export function indexWords(text: string): string[] {
  if (!segmenter) throw new Error('segmenter not warmed');
  const out = new Set<string>();
  for (const w of segmenter.cutForSearch(text.slice(0, MAX_RESUME_TEXT), true)) {
    const word = w.trim().toLowerCase();
    if (word && WORD.test(word) && word.length <= 64) out.add(word);
  }
  return [...out];
}

const HAN = /^\p{Script=Han}+$/u;

/**
 * The parts search mode adds wherever it finds this word: the known 2- and 3-character words inside
 * a known word of three characters or more (工程师 → 工程). Empty for anything else.
 */
export function searchParts(word: string): string[] {
  if (!segmenter) throw new Error('segmenter not warmed');
  if (!HAN.test(word) || Array.from(word).length < 3) return [];
  const cut = segmenter.cut(word, true);
  if (cut.length !== 1 || cut[0] !== word) return [];
  return segmenter.cutForSearch(word, true).filter((part) => part !== word);
}

/** The words of a text as the segmenter cuts it (no overlapping parts), in order: where its word boundaries are. */
export function cutWords(text: string): string[] {
  if (!segmenter) throw new Error('segmenter not warmed');
  return segmenter.cut(text, true);
}

/** Whether the dictionary knows the word (a typo such as 报消 is only known to the HMM, as 报 + 消). */
export function isDictionaryWord(word: string): boolean {
  if (!segmenter) throw new Error('segmenter not warmed');
  const cut = segmenter.cut(word, false);
  return cut.length === 1 && cut[0] === word;
}

/**
 * Words of a query, every one of which must match: segmented exactly as the index is (search mode),
 * so a word jieba does not know (微服务 → 微, 服务) is split the same way on both sides. The parts search
 * mode adds to a query word (工程 of 工程师) are left out: every text holding the word was given them
 * too, so they narrow nothing and would only make a one-word search (工程师, 人力资源, 项目经理) an
 * intersection of long lists — over 200,000 talents, one word's range of the order index instead.
 */
export function queryWords(text: string): string[] {
  if (!segmenter) throw new Error('segmenter not warmed');
  const out = new Set<string>();
  for (const w of segmenter.cutForSearch(text, true)) {
    const word = w.trim().toLowerCase();
    if (word && WORD.test(word) && word.length <= 64) out.add(word);
  }
  const parts = new Set([...out].flatMap(searchParts));
  return [...out].filter((w) => !parts.has(w)).slice(0, 16);
}

/** A tsquery text of the words (each quoted, joined with &), safe for to_tsquery('simple', …). */
export function tsQueryOf(words: string[]): string {
  return words.map((w) => `'${w.replace(/'/g, "''").replace(/\\/g, '')}'`).join(' & ');
}

/** The tsvector source: the words joined by spaces (to_tsvector('simple', …) splits on them). */
export function searchSource(parts: Array<string | null | undefined>): string {
  return indexWords(parts.filter(Boolean).join('\n')).join(' ');
}

const mammoth = onFirstUse(async () => (await import('mammoth')).default);

export type ResumeKind = 'pdf' | 'docx';

/** What the magic bytes say (not the name): %PDF or a zip (DOCX). */
export function resumeKind(head: Uint8Array, fileName: string): ResumeKind | null {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'pdf' && head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44 && head[3] === 0x46) return 'pdf';
  if (ext === 'docx' && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'docx';
  return null;
}

export async function extractText(filePath: string, kind: ResumeKind): Promise<string> {
  const data = await fs.promises.readFile(filePath);
  if (kind === 'docx') {
    await checkZip(data, { action: '读取' });
    const { value } = await (await mammoth()).extractRawText({ buffer: data });
    return normalise(value);
  }
  return normalise(await pdfText(data));
}

function normalise(text: string): string {
  return text
    .replaceAll('\u0000', '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_RESUME_TEXT);
}

export interface ResumeFields {
  name: string | null;
  phone: string | null;
  email: string | null;
  education: string | null;
  years: number | null;
  idCardNo: string | null;
}

/** Highest degree named, as an EDUCATION code (docs/domain/hr.md). */
const EDUCATION_WORDS: Array<[RegExp, string]> = [
  [/博士|ph\.?d|doctor/i, '001'],
  [/硕士|研究生|master|mba/i, '002'],
  [/本科|学士|bachelor/i, '003'],
  [/大专|专科|associate/i, '004'],
  [/高中|中专|职高/, '005'],
];

/** Phone, e-mail, education, work years, ID number and name found in a résumé's text. */
export function findFields(text: string): ResumeFields {
  const phone = /(?<!\d)(?:\+?86[- ]?)?(1[3-9]\d)[- ]?(\d{4})[- ]?(\d{4})(?!\d)/.exec(text);
  const email = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/.exec(text);
  const idCard = /(?<![\dA-Za-z])[1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![\dA-Za-z])/.exec(text);
  const years = /(\d{1,2})\s*(?:年以上|年工作经验|年经验|年相关|years?\s+(?:of\s+)?experience)/i.exec(text);
  const name = /(?:姓\s*名|Name)\s*[:：]?\s*([\u4e00-\u9fa5]{2,4}|[A-Za-z]+(?: [A-Za-z]+)?)/.exec(text);
  let education: string | null = null;
  for (const [re, code] of EDUCATION_WORDS) {
    if (re.test(text)) {
      education = code;
      break;
    }
  }
  const y = years ? Number(years[1]) : null;
  return {
    name: name?.[1]?.trim() ?? null,
    phone: phone ? `${phone[1]}${phone[2]}${phone[3]}` : null,
    email: email ? email[0].toLowerCase() : null,
    education,
    years: y !== null && y <= 50 ? y : null,
    idCardNo: idCard ? idCard[0].toUpperCase() : null,
  };
}

/** ~120 characters of the text around the first of the words (talent pool hits). */
export function snippetOf(text: string | null, words: string[]): string | null {
  if (!text) return null;
  const lower = text.toLowerCase();
  let at = -1;
  for (const w of words) {
    at = lower.indexOf(w);
    if (at >= 0) break;
  }
  if (at < 0) return text.slice(0, 120);
  const start = Math.max(0, at - 40);
  return `${start > 0 ? '…' : ''}${text.slice(start, start + 120).replace(/\s+/g, ' ')}`;
}
