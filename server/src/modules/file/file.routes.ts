import { fileCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';

export const fileModule: ServerModule = {
  name: 'file',
  routes() {
    return implement(fileCalls, {});
  },
};
