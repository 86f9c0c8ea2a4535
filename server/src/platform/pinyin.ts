import { pinyin } from 'pinyin-pro';

/** Initials of a Chinese name in pinyin ("张三" → "zs"), stored for fuzzy person search. */
export function pinyinInitials(name: string): string {
  return pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' })
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 64);
}

/** Toneless pinyin of a text, syllables joined ("转正" → "zhuanzheng"): homophones read the same. */
export function pinyinSpelling(text: string): string {
  return pinyin(text, { toneType: 'none', type: 'array', v: true })
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
