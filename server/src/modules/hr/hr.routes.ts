import { hrCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';

export const hrModule: ServerModule = {
  name: 'hr',
  routes() {
    return implement(hrCalls, {});
  },
};
