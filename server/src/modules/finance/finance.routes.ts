import { financeCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import { findOpenBanks } from './open-bank.service';

/** Finance: so far the bank-branch lookup that bank accounts (employees, suppliers) are entered with. */
export const financeModule: ServerModule = {
  name: 'finance',
  routes(platform) {
    return implement(financeCalls, {
      getOpenBank: (input) =>
        findOpenBanks(platform.db, { keyword: input.keyword ?? input.openBankName, bankCode: input.bankCode, city: input.city, limit: input.limit }),
    });
  },
};
