import type { DictOption } from '@erp/contract';
import { afterCommit } from '../../platform/call-transaction';

/**
 * Enabled dictionary values per type, cached in the process. Every change made through this
 * process clears it at once; other processes pick the change up after TTL_MS at the latest.
 */
const TTL_MS = 30_000;

export class DictionaryCache {
  private readonly entries = new Map<string, { at: number; options: DictOption[] }>();

  get(codeType: string): DictOption[] | undefined {
    const hit = this.entries.get(codeType);
    if (!hit) return undefined;
    if (Date.now() - hit.at > TTL_MS) {
      this.entries.delete(codeType);
      return undefined;
    }
    return hit.options;
  }

  set(codeType: string, options: DictOption[]): void {
    if (this.entries.size > 5000) this.entries.clear();
    this.entries.set(codeType, { at: Date.now(), options });
  }

  /** Drops one type, or everything when no type is given. */
  clear(codeType?: string): void {
    const drop = () => {
      if (codeType === undefined) this.entries.clear();
      else this.entries.delete(codeType);
    };
    drop();
    // Inside a write call the change commits later: a read made meanwhile cached the old options.
    afterCommit(drop);
  }
}
