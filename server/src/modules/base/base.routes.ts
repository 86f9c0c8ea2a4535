import { baseCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import { DictionaryService } from './dictionary.service';
import { listShortcuts, saveShortcuts } from './shortcut.service';

export const baseModule: ServerModule = {
  name: 'base',
  routes(platform) {
    const dictionaries = new DictionaryService(platform);
    platform.services.set('dictionaries', dictionaries);
    return implement(baseCalls, {
      getDict: async (input) => ({ codeType: input.codeType, dictOutDtos: await dictionaries.options(input.codeType) }),
      getDicts: async (input) => Object.fromEntries(await dictionaries.optionsOf([...(input.codeTypes ?? []), ...(input.codeType ?? [])])),
      saveAppIndexCustom: (input, ctx) => saveShortcuts(platform.db, ctx.user, input.menuIds),
      getAppIndexCustomList: (_input, ctx) => listShortcuts(platform.db, ctx.user),
    });
  },
};
