import { baseCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';

export const baseModule: ServerModule = {
  name: 'base',
  routes() {
    return implement(baseCalls, {});
  },
};
