import type { ModuleSeed } from '../../db/seed/types';

/** Demo data and menus of the msg module. */
export const msgSeed: ModuleSeed = { name: 'msg' };
