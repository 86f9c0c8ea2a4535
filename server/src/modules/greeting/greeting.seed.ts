import type { ModuleSeed } from '../../db/seed/types';

/** Demo data and menus of the greeting module. */
export const greetingSeed: ModuleSeed = { name: 'greeting' };
