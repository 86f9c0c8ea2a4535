import { msgCalls } from '@erp/contract';
import { AppError } from '../../platform/errors';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';

const pending = async (): Promise<never> => {
  throw new AppError(501, '功能建设中', '501');
};

export const msgModule: ServerModule = {
  name: 'msg',
  routes() {
    return implement(
      msgCalls,
      Object.fromEntries(Object.keys(msgCalls).map((k) => [k, pending])) as unknown as Parameters<typeof implement<typeof msgCalls>>[1],
    );
  },
};
