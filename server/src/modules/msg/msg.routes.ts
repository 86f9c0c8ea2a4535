import { msgCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';

export const msgModule: ServerModule = {
  name: 'msg',
  routes() {
    return implement(msgCalls, {});
  },
};
