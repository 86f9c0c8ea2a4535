import { bpmCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';

export const bpmModule: ServerModule = {
  name: 'bpm',
  routes() {
    return implement(bpmCalls, {});
  },
};
