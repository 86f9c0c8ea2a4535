import type { DictOption } from '@erp/contract';
import { badRequest } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { DictionaryCache } from './dictionary.cache';
import { findDictOptions } from './dictionary.repository';

export const EMPTY_DICT_TYPE = '字典类型不能为空';

/** Reads of dictionaries for forms and labels (cached), and their administration. */
export class DictionaryService {
  readonly cache = new DictionaryCache();

  constructor(private readonly platform: Platform) {}

  async options(codeType: string): Promise<DictOption[]> {
    const type = codeType.trim();
    if (!type) throw badRequest(EMPTY_DICT_TYPE);
    return (await this.optionsOf([type])).get(type) ?? [];
  }

  async optionsOf(codeTypes: string[]): Promise<Map<string, DictOption[]>> {
    const wanted = [...new Set(codeTypes.map((t) => t.trim()).filter(Boolean))];
    if (!wanted.length) throw badRequest(EMPTY_DICT_TYPE);
    const out = new Map<string, DictOption[]>();
    const missing: string[] = [];
    for (const type of wanted) {
      const hit = this.cache.get(type);
      if (hit) out.set(type, hit);
      else missing.push(type);
    }
    if (missing.length) {
      const loaded = await findDictOptions(this.platform.db, missing);
      for (const [type, options] of loaded) {
        this.cache.set(type, options);
        out.set(type, options);
      }
    }
    return out;
  }
}
