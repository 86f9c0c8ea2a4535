import type { ModuleSeed } from '../../db/seed/types';

/** Demo data and menus of the bpm module. */
export const bpmSeed: ModuleSeed = { name: 'bpm' };
