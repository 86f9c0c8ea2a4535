import { useSyncExternalStore } from 'react';

/** `chatContent` pushes of the live channel (spec 000 §4), newest last; read by the voice assistant. */
const MAX_ITEMS = 50;
let items: readonly string[] = [];
const listeners = new Set<() => void>();

export const voiceStore = {
  push(content: string): void {
    items = [...items, content].slice(-MAX_ITEMS);
    for (const l of listeners) l();
  },
  clear(): void {
    items = [];
    for (const l of listeners) l();
  },
  get(): readonly string[] {
    return items;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useVoiceData(): readonly string[] {
  return useSyncExternalStore(voiceStore.subscribe, voiceStore.get, voiceStore.get);
}
