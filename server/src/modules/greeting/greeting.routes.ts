import { greetingCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';

export const greetingModule: ServerModule = {
  name: 'greeting',
  routes() {
    return implement(greetingCalls, {});
  },
};
