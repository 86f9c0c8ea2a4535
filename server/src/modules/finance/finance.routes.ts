import { financeCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import { billingRoutes } from './billing/billing.routes';
import { functionReportRoutes } from './hours/function-report';
import { hoursRoutes } from './hours/hours.routes';
import { leaveRoutes } from './hours/leave';
import { manHourRoutes } from './hours/manhour';
import { postStandardRoutes } from './hours/post-standard';
import { findOpenBanks } from './open-bank.service';
import { periodRoutes } from './period/period.routes';
import { projectRoutes } from './project/project.routes';
// What managers hold, for the leaver handover (registers at load; projects before their bills).
import './project/project.holdings';
import './billing/billing.holdings';
// The 操作记录 of bills, projects and claims (register at load).
import './billing/billing.history';
import './project/dept-budget.history';
import './project/project.history';
import './reimburse/reimburse.history';
import './hours/hours.history';
import { reimburseRoutes } from './reimburse/reimburse.routes';

/** Finance: the bank-branch lookup, and projects, changes, closure and budgets (docs/domain/finance-projects.md). */
export const financeModule: ServerModule = {
  name: 'finance',
  routes(platform) {
    return [
      ...implement(financeCalls, {
        getOpenBank: (input) =>
          findOpenBanks(platform.db, { keyword: input.keyword ?? input.openBankName, bankCode: input.bankCode, city: input.city, limit: input.limit }),
      }),
      ...projectRoutes(platform),
      ...billingRoutes(platform),
      ...periodRoutes(platform),
      ...hoursRoutes(platform),
      ...manHourRoutes(platform),
      ...postStandardRoutes(platform),
      ...leaveRoutes(platform),
      ...functionReportRoutes(platform),
      ...reimburseRoutes(platform),
    ];
  },
};
