import type { ModuleSeed } from '../../db/seed/types';

/** Demo data and menus of the file module. */
export const fileSeed: ModuleSeed = { name: 'file' };
