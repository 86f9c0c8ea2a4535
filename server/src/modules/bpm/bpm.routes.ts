import { bpmCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';

export const bpmModule: ServerModule = {
  name: 'bpm',
  routes() {
    return implement(bpmCalls, {
      // Placeholder answers until the engine lands (same shapes as the real ones).
      getAllUserTaskTotal: async () => ({ sum: 0, ccTotal: 0 }),
      getUserTaskSort: async (input) => ({ records: [], total: 0, pageIndex: input.pageIndex, pageSize: input.pageSize }),
    });
  },
};
