import { fileCalls } from '@erp/contract';
import { AppError } from '../../platform/errors';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';

const pending = async (): Promise<never> => {
  throw new AppError(501, '功能建设中', '501');
};

export const fileModule: ServerModule = {
  name: 'file',
  routes() {
    return implement(
      fileCalls,
      Object.fromEntries(Object.keys(fileCalls).map((k) => [k, pending])) as unknown as Parameters<typeof implement<typeof fileCalls>>[1],
    );
  },
};
