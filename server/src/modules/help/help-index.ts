import { pinyinInitials, pinyinSpelling } from '../../platform/pinyin';
import { cutWords, indexWords, isDictionaryWord, queryWords, searchParts } from '../recruit/resume-text';
import { synonymPhrasesIn, synonymsOf } from './help-synonyms';
import { isStopWord, passagesOf } from './help-text';

/**
 * The help centre's search index (issue 37), held in each process: a few hundred articles fit in a
 * few hundred KB, and ranking them in memory is both faster than a statement and free to do what a
 * tsvector cannot — BM25 over jieba words with the title and the article's keywords weighted, the
 * synonym table (help-synonyms.ts), homophone typos (转证 → 转正, by pinyin), one wrong character
 * (报消 → 报销) and pinyin initials (zz → 转正). help.service.ts rebuilds it when the articles change.
 */

export interface IndexedArticle {
  id: number;
  slug: string;
  categoryId: number;
  categoryName: string;
  title: string;
  bodyText: string;
  path: string;
  published: boolean;
  updatedAt: Date | string;
  sort: number;
}

/** One way a query word may appear in an article: its words (all present), and how much it counts. */
export interface Alternative {
  words: string[];
  weight: number;
}

/** One thing the query asks for: a word, or a phrase of the synonym table, with its alternatives. */
export interface QueryTerm {
  text: string;
  alternatives: Alternative[];
}

export interface IndexHit {
  article: IndexedArticle;
  score: number;
  /** The share of the query (by the words' rarity) the article holds, 0–1: how sure the answer is. */
  coverage: number;
}

const FIELD_WEIGHT = { title: 3, keywords: 2, body: 1 } as const;
const K1 = 1.2;
const B = 0.75;
const SYNONYM = 0.8;
const HOMOPHONE = 0.8;
const INITIALS = 0.7;
const ONE_CHARACTER_OFF = 0.6;
const SINGLE_CHARACTER = 0.6;
const UNKNOWN_WORD = 0.6;
/** The search box lists articles holding at least this share of what the best one holds. */
const FOCUS = 0.5;
const TITLE_BONUS = 0.5;
const HAN = /^\p{Script=Han}+$/u;
const HAN_RUN = /\p{Script=Han}{2,}/gu;
const KEYWORDS_LINE = /^关键词[：:](.*)$/;

interface Doc {
  article: IndexedArticle;
  tf: Map<string, number>;
  /** The words of the title: what the article is about, whatever its length. */
  title: Set<string>;
  length: number;
}

const chars = (s: string) => Array.from(s);

function differsByOne(a: string, b: string): boolean {
  const x = chars(a);
  const y = chars(b);
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i] && ++diff > 1) return false;
  return diff === 1;
}

/**
 * Where a run of Chinese has its word boundaries (character offsets), and how many real words (two
 * characters or more, known to the dictionary) stand between two of them.
 */
function wordBoundaries(run: string): { boundaries: Set<number>; realWords(from: number, to: number): number } {
  const words = cutWords(run);
  const starts: Array<{ at: number; real: boolean }> = [];
  let at = 0;
  for (const w of words) {
    starts.push({ at, real: chars(w).length > 1 && isDictionaryWord(w) });
    at += chars(w).length;
  }
  const boundaries = new Set([...starts.map((s) => s.at), at]);
  return { boundaries, realWords: (from, to) => starts.filter((s) => s.at >= from && s.at < to && s.real).length };
}

const push = (map: Map<string, string[]>, key: string, word: string) => {
  const list = map.get(key);
  if (list) list.push(word);
  else map.set(key, [word]);
};

export class HelpIndex {
  private readonly docs: Doc[];
  private readonly df = new Map<string, number>();
  private readonly avgLength: number;
  private readonly bySpelling = new Map<string, string[]>();
  private readonly byInitials = new Map<string, string[]>();
  private readonly byLength = new Map<string, string[]>();

  constructor(articles: IndexedArticle[]) {
    this.docs = articles.map((a) => this.docOf(a));
    for (const d of this.docs) for (const w of d.tf.keys()) this.df.set(w, (this.df.get(w) ?? 0) + 1);
    this.avgLength = this.docs.reduce((s, d) => s + d.length, 0) / Math.max(1, this.docs.length) || 1;
    for (const w of this.df.keys()) {
      const n = chars(w).length;
      if (!HAN.test(w) || n < 2 || n > 6) continue;
      push(this.bySpelling, pinyinSpelling(w), w);
      push(this.byInitials, pinyinInitials(w), w);
      push(this.byLength, String(n), w);
    }
    // Most common first: a correction should be the word the articles use most.
    for (const map of [this.bySpelling, this.byInitials, this.byLength])
      for (const list of map.values()) list.sort((a, b) => (this.df.get(b) ?? 0) - (this.df.get(a) ?? 0));
  }

  get size(): number {
    return this.docs.length;
  }

  private docOf(article: IndexedArticle): Doc {
    const tf = new Map<string, number>();
    let length = 0;
    const add = (words: Iterable<string>, weight: number) => {
      for (const w of words) {
        tf.set(w, (tf.get(w) ?? 0) + weight);
        length++;
      }
    };
    const title = new Set(indexWords(article.title));
    add(title, FIELD_WEIGHT.title);
    for (const line of article.bodyText.split('\n')) {
      const keywords = KEYWORDS_LINE.exec(line);
      if (keywords) {
        for (const k of (keywords[1] ?? '').split(/[、,，\s]+/).filter(Boolean)) add(new Set([k.toLowerCase(), ...indexWords(k)]), FIELD_WEIGHT.keywords);
        continue;
      }
      // Per sentence: a word counts once for each sentence that uses it.
      for (const p of passagesOf(line)) add(indexWords(p), FIELD_WEIGHT.body);
    }
    return { article, tf, title, length };
  }

  private idf(word: string): number {
    const df = this.df.get(word) ?? 0;
    return Math.log(1 + (this.docs.length - df + 0.5) / (df + 0.5));
  }

  private bm25(word: string, d: Doc): number {
    const tf = d.tf.get(word);
    if (!tf) return 0;
    const idf = this.idf(word);
    // A title word counts in full beside its saturated, length-normalised frequency: a long article
    // about 审批待办 is still about it.
    return (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * d.length) / this.avgLength)) + (d.title.has(word) ? idf * TITLE_BONUS : 0);
  }

  /** Words of the articles a misspelt word may have meant, best first. */
  private corrections(word: string): Alternative[] {
    if (/^[a-z]{2,6}$/.test(word)) return (this.byInitials.get(word) ?? []).slice(0, 5).map((w) => ({ words: [w], weight: INITIALS }));
    const n = chars(word).length;
    if (!HAN.test(word) || n < 2) return [];
    const homophones = this.bySpelling.get(pinyinSpelling(word)) ?? [];
    if (homophones.length) return homophones.slice(0, 3).map((w) => ({ words: [w], weight: HOMOPHONE }));
    return (this.byLength.get(String(n)) ?? [])
      .filter((w) => differsByOne(w, word))
      .slice(0, 3)
      .map((w) => ({ words: [w], weight: ONE_CHARACTER_OFF }));
  }

  private wordsOf(phrase: string): string[] {
    return queryWords(phrase).filter((w) => !isStopWord(w));
  }

  /**
   * What a query asks for. Phrases of the synonym table first (longest first), then runs of Chinese
   * the articles do not have but a homophone of which they do (the most common typo of a pinyin
   * input method), then the remaining words, each corrected when the articles do not have it.
   */
  terms(query: string): QueryTerm[] {
    let rest = query.toLowerCase().slice(0, 200);
    const terms: QueryTerm[] = [];
    for (const phrase of synonymPhrasesIn(rest)) {
      const group = synonymsOf(phrase) ?? [phrase];
      const alternatives = group
        .map((m) => ({ words: this.wordsOf(m.toLowerCase()), weight: m.toLowerCase() === phrase ? 1 : SYNONYM }))
        .filter((a) => a.words.length > 0);
      if (!alternatives.length) continue;
      terms.push({ text: phrase, alternatives });
      rest = rest.split(phrase).join(' ');
    }
    for (const run of rest.match(HAN_RUN) ?? []) {
      const cs = chars(run);
      const { boundaries, realWords } = wordBoundaries(run);
      for (let len = Math.min(4, cs.length); len >= 2; len--) {
        for (let i = 0; i + len <= cs.length; i++) {
          const piece = cs.slice(i, i + len).join('');
          if (this.df.has(piece) || !rest.includes(piece) || isStopWord(piece)) continue;
          // A typo is whole words of the query: 报消 (报 + 消) or 通国 (a real word, mistyped for 通过), but
          // not 程实, which straddles 流程 and 实例, nor two real words taken together.
          if (!boundaries.has(i) || !boundaries.has(i + len) || realWords(i, i + len) > 1) continue;
          const homophones = (this.bySpelling.get(pinyinSpelling(piece)) ?? []).filter((w) => chars(w).length === len);
          if (!homophones.length) continue;
          terms.push({ text: piece, alternatives: homophones.slice(0, 3).map((w) => ({ words: [w], weight: HOMOPHONE })) });
          rest = rest.split(piece).join(' ');
        }
      }
    }
    // Question words (怎么, 吗) say nothing about the subject; kept only when nothing else is asked.
    let words = queryWords(rest);
    const kept = words.filter((w) => !isStopWord(w));
    words = kept.length || terms.length ? kept : words;
    for (const w of words) {
      const alternatives: Alternative[] = [{ words: [w], weight: 1 }];
      if (!this.df.has(w)) {
        // A long word the articles lack may still be there in its parts (人力资源部 → 人力资源 + 部门 aside).
        const parts = searchParts(w).filter((p) => chars(p).length > 1);
        if (parts.length) alternatives.push({ words: parts, weight: SYNONYM });
        // Only a word the dictionary does not know is a typo: 提前 is a word the articles lack, 报消 is 报销 mistyped.
        if (/^[a-z]+$/.test(w) || !isDictionaryWord(w)) alternatives.push(...this.corrections(w));
      }
      terms.push({ text: w, alternatives });
    }
    return terms.slice(0, 16);
  }

  /**
   * A term's score in an article: its best alternative's, where an alternative of several words
   * found in part scores that part (等级证书 against an article that says 资格证书), and `share` says
   * how much of it was found (for the coverage).
   */
  private termScore(term: QueryTerm, d: Doc): { score: number; share: number } {
    let best = { score: 0, share: 0 };
    for (const alt of term.alternatives) {
      const found = alt.words.filter((w) => d.tf.has(w));
      if (!found.length) continue;
      const score = (alt.weight * found.reduce((sum, w) => sum + this.bm25(w, d), 0)) / alt.words.length;
      if (score > best.score) best = { score, share: found.length / alt.words.length };
    }
    return best;
  }

  /**
   * How much a term counts towards the coverage: its rarity, less for a single character (写, 弄 say
   * little on their own) and for a word no article has (a colloquial filler as often as the subject).
   */
  private termWeight(term: QueryTerm): number {
    const known = term.alternatives.some((a) => a.words.every((w) => this.df.has(w)));
    const single = term.alternatives.every((a) => a.words.length === 1 && chars(a.words[0] as string).length === 1);
    const rarity = Math.max(...term.alternatives.map((a) => a.weight * Math.max(...a.words.map((w) => this.idf(w)))));
    return rarity * (single ? SINGLE_CHARACTER : 1) * (known ? 1 : UNKNOWN_WORD);
  }

  /**
   * Articles for the terms, best first (BM25: an article holding more of the query, and its rarer
   * words, ranks higher). `focused` (the search box): an article holding less than half of what the
   * best one holds is left out, so a query of several words does not list every article that has
   * one of them.
   */
  search(terms: QueryTerm[], opts: { visible: (a: IndexedArticle) => boolean; focused: boolean }): IndexHit[] {
    if (!terms.length) return [];
    const weights = terms.map((t) => this.termWeight(t));
    const whole = weights.reduce((s, w) => s + w, 0) || 1;
    const hits: IndexHit[] = [];
    for (const d of this.docs) {
      if (!opts.visible(d.article)) continue;
      let score = 0;
      let covered = 0;
      terms.forEach((t, i) => {
        const s = this.termScore(t, d);
        if (s.score > 0) {
          score += s.score;
          covered += (weights[i] ?? 0) * s.share;
        }
      });
      if (score > 0) hits.push({ article: d.article, score, coverage: covered / whole });
    }
    const best = Math.max(0, ...hits.map((h) => h.coverage));
    return hits
      .filter((h) => !opts.focused || h.coverage >= best * FOCUS)
      .sort((a, b) => b.score - a.score || a.article.sort - b.article.sort || a.article.id - b.article.id);
  }

  /** Each screen's article: of the published ones naming it, the first by sort (the screen's own one). */
  screenArticles(): Array<{ path: string; slug: string; title: string }> {
    const byPath = new Map<string, IndexedArticle>();
    const ordered = [...this.docs.map((d) => d.article)].filter((a) => a.published && a.path).sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const a of ordered) {
      const path = a.path.split('?')[0] as string;
      if (!byPath.has(path)) byPath.set(path, a);
    }
    return [...byPath.entries()].map(([path, a]) => ({ path, slug: a.slug, title: a.title }));
  }

  /** The words to mark in a passage: every word the terms may be found as, that the articles have. */
  markWords(terms: QueryTerm[]): string[] {
    return [...new Set(terms.flatMap((t) => t.alternatives.flatMap((a) => a.words)).filter((w) => this.df.has(w)))];
  }
}
