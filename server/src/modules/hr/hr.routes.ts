import { hrCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import { syncDelegations } from '../../workflow/delegations';
import * as engine from '../../workflow/engine';

const DELEGATION_SWEEP_MS = 60_000;

import { targetUser } from '../bpm/bpm.service';
import type { FileService } from '../file/file.service';
import { CONTRACT_FILES_MODULE, canReadContractFile } from './contract-seal';
import { employeeRoutes } from './employee.routes';
import { employeesWithMaterial, recordIdScanRead } from './employee-materials';
import { canReadEmployeeFile } from './employee-sections';
import { handoverRoutes } from './handover.routes';
import { contractSealRoutes, hrDocumentRoutes } from './hr-documents.routes';
import { expiryRoutes, setupExpiryReminders } from './lifecycle/expiry.routes';
import { lifecycleRoutes, setupLifecycle } from './lifecycle/lifecycle.routes';
import * as repo from './positive.repository';
import * as positive from './positive.service';
// An employee's 操作记录 (registers at load).
import './employee.history';

export const hrModule: ServerModule = {
  name: 'hr',
  setup(app, platform) {
    setupLifecycle(app, platform);
    setupExpiryReminders(app, platform);
    // Proxy approval: ranges that begin or end move tasks (once a minute, and at once on each change).
    const sweep = setInterval(() => {
      syncDelegations(platform.db).catch((err) => platform.log.warn({ err: String(err) }, 'delegation sweep failed'));
    }, DELEGATION_SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
    // Approvers and cc recipients must open the applicant's uploaded evaluation form and materials.
    // Files on an employee's records are readable by whoever may read those records.
    (platform.services.get('files') as FileService | undefined)?.registerReader(
      'hr',
      async (user, file) =>
        (await positive.canReadFile(platform.db, user, file.id)) || (await canReadEmployeeFile(platform.db, user, file.groupId, employeesWithMaterial)),
      (user, file) => recordIdScanRead(platform.db, user, file.groupId),
    );
    (platform.services.get('files') as FileService | undefined)?.registerReader(CONTRACT_FILES_MODULE, (user, file) =>
      canReadContractFile(platform.db, user, file),
    );
  },
  routes(platform) {
    return [
      ...employeeRoutes(platform),
      ...confirmationRoutes(),
      ...lifecycleRoutes(platform),
      ...expiryRoutes(platform),
      ...hrDocumentRoutes(platform),
      ...contractSealRoutes(platform),
      ...handoverRoutes(platform),
    ];
  },
};

function confirmationRoutes() {
  return implement(hrCalls, {
    positiveDetail: async (input, ctx) => positive.detail(ctx.platform.db, ctx.user, input),
    positivePerson: async (input, ctx) => positive.person(ctx.platform.db, ctx.user, input.employeeId),
    positiveStart: async (input, ctx) => {
      const started = await positive.start(ctx.platform.db, ctx.user, input.list);
      ctx.audit({ recordId: started.map((s) => s.id).join(','), after: started });
      return started;
    },
    positiveFinishTask: async (input, ctx) => {
      await positive.finishTask(ctx.platform.db, ctx.user, input);
      return null;
    },
    positiveReject: async (input, ctx) => {
      await positive.reject(ctx.platform.db, ctx.user, input.taskId, input.message);
      return null;
    },
    positiveRollback: async (input, ctx) => {
      await positive.rollback(ctx.platform.db, ctx.user, input.taskId, input.sort, input.message);
      return null;
    },
    positiveTransfer: async (input, ctx) => {
      const to = await targetUser(ctx.platform.db, input.transferUserCode, '请选择转办对象');
      await positive.transfer(ctx.platform.db, ctx.user, input.taskId, to.id, input.remark);
      return null;
    },
    positiveRevoke: async (input, ctx) => {
      await positive.revoke(ctx.platform.db, ctx.user, input);
      return null;
    },
    positiveApprovalInfo: async (input, ctx) => positive.approvalInfo(ctx.platform.db, ctx.user, input.processInstanceId),
    positiveGetFlow: async (input, ctx) => positive.previewFlow(ctx.platform.db, ctx.user, input),
    positiveFinishCc: async (input, ctx) => ({
      finished: await engine.finishCc(ctx.platform.db, { userId: ctx.user.userId, instanceId: input.processInstanceId }),
    }),
    positiveCanRollback: async (input, ctx) => ({ allowed: await positive.canRollback(ctx.platform.db, ctx.user, input.instanceId) }),
    positivePersonList: async (input, ctx) => {
      const { records, total } = await repo.probationPeople(ctx.platform.db, ctx.user, input);
      return { records, total, pageIndex: input.pageIndex, pageSize: input.pageSize };
    },
    positiveRankList: async (input, ctx) => repo.gradesFor(ctx.platform.db, input.orgId),
    positiveCertificateNo: async (input, ctx) => ({ certificateNo: await positive.certificateNo(ctx.platform.db, ctx.user, input.employeeId) }),
  });
}
