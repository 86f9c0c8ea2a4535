import { bpmCalls } from '@erp/contract';
import { eq } from 'drizzle-orm';
import { wfTasks } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { implement, type OneAtATimeRule } from '../../platform/http/context';
import { pageOfRows } from '../../platform/http/paging';
import type { ServerModule } from '../../platform/module';
import { resolveRule } from '../../workflow/assignees';
import * as engine from '../../workflow/engine';
import { hooksFor } from '../../workflow/hooks';
import { fireDueTimers, TimerPoller } from '../../workflow/timers';
import type { FileService } from '../file/file.service';
import * as repo from './bpm.repository';
import * as service from './bpm.service';
import { canReadRequestFile, REQUEST_FILES_MODULE, requestDetail, startRequest } from './requests';

const TIMER_POLL_MS = 5_000;

export const bpmModule: ServerModule = {
  name: 'bpm',
  setup(app, platform) {
    (platform.services.get('files') as FileService | undefined)?.registerReader(REQUEST_FILES_MODULE, (user, file) =>
      canReadRequestFile(platform.db, user, file),
    );
    // Time limits of user tasks: every process polls; SKIP LOCKED gives each due timer to one of them.
    const timers = new TimerPoller(() => fireDueTimers(platform.db), platform.log, TIMER_POLL_MS);
    timers.start();
    platform.services.set('workflow.timers', timers);
    app.addHook('onClose', () => timers.stop());
  },
  routes() {
    return implement(
      bpmCalls,
      {
        getAllUserTaskTotal: async (_input, ctx) => repo.badgeCounts(ctx.platform.db, ctx.user.userId),
        getUserTaskSort: async (input, ctx) => service.lists(ctx.platform.db, ctx.user, 'todo', input),
        getUserHiTaskSort: async (input, ctx) => service.lists(ctx.platform.db, ctx.user, 'done', input),
        getUserClosedTaskSort: async (input, ctx) => service.lists(ctx.platform.db, ctx.user, 'closed', input),
        getUserCCTaskSort: async (input, ctx) => service.lists(ctx.platform.db, ctx.user, 'cc', input),
        getFlowData: async (input, ctx) => service.flowData(ctx.platform.db, ctx.user, input),
        getFlowDataOnResign: async (input, ctx) => service.flowData(ctx.platform.db, ctx.user, input),
        isOrd: async (input, ctx) => {
          const u = input.userCode ? await repo.userByCode(ctx.platform.db, input.userCode) : await repo.userById(ctx.platform.db, ctx.user.userId);
          return { isOrd: u ? !(await repo.leadsAnyUnit(ctx.platform.db, u.id)) : true };
        },
        getSuperiorRole: async (input, ctx) => {
          const db = ctx.platform.db;
          const u = input.userCode ? await repo.userByCode(db, input.userCode) : await repo.userById(db, ctx.user.userId);
          if (!u) return null;
          const [superiorId] = await resolveRule(db, { type: 'superior' }, { initiatorUserId: u.id, vars: {}, chosen: {}, nodeId: '' });
          const sup = superiorId ? await repo.userById(db, superiorId) : undefined;
          return sup ? { userCode: sup.userCode, userName: sup.realName, orgId: sup.orgId, orgName: await repo.orgName(db, sup.orgId) } : null;
        },
        getSponsorRole: async (input, ctx) => {
          const db = ctx.platform.db;
          const inst = await repo.instanceById(db, input.processInstanceId);
          if (!inst) throw notFound('流程实例不存在');
          await service.assertCanRead(db, ctx.user, inst.id);
          const u = await repo.userById(db, inst.initiatorUserId);
          return {
            userCode: u?.userCode ?? '',
            userName: u?.realName ?? '',
            roleCodes: await repo.roleCodesOf(db, inst.initiatorUserId),
            isSponsor: inst.initiatorUserId === ctx.user.userId,
          };
        },
        getValueName: async (input, ctx) => repo.namesOf(ctx.platform.db, input.type, input.values),
        viewApprovalInfo: async (input, ctx) => service.viewApprovalInfo(ctx.platform.db, ctx.user, input.processInstanceId),
        getQueryListCondition: async (_input, ctx) => ({
          processes: (await repo.startableDefinitions(ctx.platform.db)).map((d) => ({ key: d.key, name: d.name })),
          statuses: Object.entries(service.STATUS_NAMES).map(([value, name]) => ({ value, name })),
        }),
        // Processes bound to a business document start from the document's own screen (the confirmation has its dialog here).
        getProDefList: async (_input, ctx) =>
          (await repo.startableDefinitions(ctx.platform.db))
            .filter((d) => !hooksFor(d.key) || d.key === 'Positive_Process')
            .map((d) => ({
              key: d.key,
              name: d.name,
              version: d.version,
              category: d.category,
              definitionId: d.id,
            })),
        getSonkeyByMkey: async (input, ctx) => (await repo.startableDefinitions(ctx.platform.db, input.mkey)).map((d) => ({ key: d.key, name: d.name })),
        finishCcTask: async (input, ctx) => ({
          finished: await engine.finishCc(ctx.platform.db, { userId: ctx.user.userId, instanceId: input.processInstanceId, taskId: input.taskId }),
        }),
        nodeList: async (input, ctx) => {
          const db = ctx.platform.db;
          const task = await engine.myTask(db, (await repo.taskInstance(db, input.taskId)) ?? 0, ctx.user.userId);
          if (!task || task.id !== input.taskId || task.kind !== 'approve') return [];
          return engine.backTargets(db, task.instanceId, task.nodeId);
        },
        transferTask: async (input, ctx) => {
          const db = ctx.platform.db;
          const to = await service.targetUser(db, input.transferUserCode, '请选择转办对象');
          await engine.transfer(db, { taskId: input.taskId, userId: ctx.user.userId, toUserId: to.id, remark: input.remark });
          ctx.audit({ recordId: input.taskId, after: { transferTo: to.userCode, remark: input.remark } });
          return null;
        },
        deployDefinition: async (input, ctx) => {
          const def = await service.deployXml(ctx.platform.db, ctx.user, input.xml);
          ctx.audit({ recordId: def.id, after: { key: def.key, version: def.version } });
          return def;
        },
        validateDefinition: async (input) => service.validateXml(input.xml),
        definitionPage: async (input, ctx) => {
          const { records, total } = await repo.definitionPage(ctx.platform.db, input);
          return { records, total, pageIndex: input.pageIndex, pageSize: input.pageSize };
        },
        definitionXml: async (input, ctx) => {
          const db = ctx.platform.db;
          const def = input.id ? await repo.definitionById(db, input.id) : input.key ? await engine.latestDefinition(db, input.key) : undefined;
          if (!def) throw notFound('流程定义不存在');
          return { id: def.id, key: def.key, version: def.version, xml: def.xml };
        },
        setDefinitionEnabled: async (input, ctx) => ({ changed: await repo.setEnabled(ctx.platform.db, input.key, input.enabled, ctx.user.userId) }),
        previewFlow: async (input, ctx) => service.preview(ctx.platform.db, ctx.user, input.processKey, input.form, input.chosen),
        startProcess: async (input, ctx) => {
          // A process bound to a business document (its hooks expect that record) starts from the document's own call.
          if (hooksFor(input.processKey)) throw badRequest('该流程需从对应的业务单据发起，不能作为通用申请发起');
          const instance = await startRequest(ctx.platform.db, ctx.platform.services.get('files') as FileService, ctx.user, input);
          ctx.audit({ recordId: instance.id, after: { processKey: instance.processKey, title: instance.title } });
          return { processInstanceId: instance.id, businessId: instance.businessId };
        },
        requestDetail: async (input, ctx) => requestDetail(ctx.platform.db, ctx.platform.services.get('files') as FileService, ctx.user, input.instanceId),
        myInstances: async (input, ctx) => service.myInstances(ctx.platform.db, ctx.user, input),
        passTask: async (input, ctx) => {
          const db = ctx.platform.db;
          const cc = input.ccUserCodes?.length ? await service.ccUserIds(db, input.ccUserCodes) : undefined;
          await engine.pass(db, {
            taskId: input.taskId,
            userId: ctx.user.userId,
            message: input.message,
            ccUserIds: cc,
            edits: input.form,
            checkForm: service.formCheck,
          });
          if (input.form && Object.keys(input.form).length) ctx.audit({ recordId: input.taskId, after: { form: input.form } });
          return null;
        },
        taskOptions: async (input, ctx) => service.taskOptions(ctx.platform.db, ctx.user, input.taskId),
        delegateTask: async (input, ctx) => {
          const db = ctx.platform.db;
          const to = await service.targetUser(db, input.userCode, engine.MSG.delegateTarget);
          await engine.delegate(db, { taskId: input.taskId, userId: ctx.user.userId, toUserId: to.id, message: input.message });
          ctx.audit({ recordId: input.taskId, after: { delegateTo: to.userCode, message: input.message ?? null } });
          return null;
        },
        removeSigner: async (input, ctx) => {
          const db = ctx.platform.db;
          const signer = await repo.userByCode(db, input.userCode);
          if (!signer) throw badRequest(engine.MSG.signerNotAdded);
          await engine.removeSigner(db, { taskId: input.taskId, userId: ctx.user.userId, signerUserId: signer.id, message: input.message });
          ctx.audit({ recordId: input.taskId, after: { removedSigner: signer.userCode } });
          return null;
        },
        adminInstancePage: async (input, ctx) => {
          const { records, total } = await repo.adminInstances(ctx.platform.db, input);
          return pageOfRows(records, total, input);
        },
        terminateProcess: async (input, ctx) => {
          const inst = await engine.terminate(ctx.platform.db, { instanceId: input.processInstanceId, userId: ctx.user.userId, reason: input.reason });
          ctx.audit({ recordId: inst.id, after: { status: inst.status, reason: input.reason } });
          return null;
        },
        reassignTask: async (input, ctx) => {
          const db = ctx.platform.db;
          const to = await service.targetUser(db, input.userCode, engine.MSG.reassignTarget);
          const inst = await engine.reassign(db, { taskId: input.taskId, userId: ctx.user.userId, toUserId: to.id, reason: input.reason });
          ctx.audit({ recordId: input.taskId, after: { instanceId: inst.id, reassignTo: to.userCode, reason: input.reason } });
          return null;
        },
        rejectTask: async (input, ctx) => {
          await engine.reject(ctx.platform.db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message });
          return null;
        },
        rollbackTask: async (input, ctx) => {
          await engine.rollback(ctx.platform.db, {
            taskId: input.taskId,
            userId: ctx.user.userId,
            message: input.message,
            sort: input.sort,
            targetNodeId: input.nodeId,
          });
          return null;
        },
        resubmitTask: async (input, ctx) => {
          // The form is the applicant's corrections: a business document's hook checks it before it routes.
          await engine.resubmit(ctx.platform.db, { taskId: input.taskId, userId: ctx.user.userId, message: input.message, form: input.form });
          return null;
        },
        addSigner: async (input, ctx) => {
          const signer = await service.targetUser(ctx.platform.db, input.userCode, '请选择加签人');
          await engine.addSigner(ctx.platform.db, {
            taskId: input.taskId,
            userId: ctx.user.userId,
            signerUserId: signer.id,
            position: input.position,
            message: input.message,
          });
          return null;
        },
        revokeProcess: async (input, ctx) => {
          await engine.revoke(ctx.platform.db, { instanceId: input.processInstanceId, userId: ctx.user.userId, message: input.message });
          return null;
        },
        urgeProcess: async (input, ctx) => ({
          notified: await engine.urge(ctx.platform.db, { instanceId: input.processInstanceId, userId: ctx.user.userId, message: input.message }),
        }),
        candidateUsers: async (input, ctx) =>
          (await repo.searchUsers(ctx.platform.db, input.keyword, ctx.user.userId)).map((u) => ({
            code: u.code,
            name: u.name,
            userName: u.code,
            orgName: u.orgName,
          })),
      },
      // Commands on one task run one at a time in this process (a double click's second call waits
      // for the first's commit outside any transaction, then is refused at once).
      {
        passTask: perTask,
        rejectTask: perTask,
        rollbackTask: perTask,
        resubmitTask: perTask,
        addSigner: perTask,
        delegateTask: perTask,
        removeSigner: perTask,
        transferTask: perTask,
      },
    );
  },
};

/**
 * Commands on one task, one at a time per process: one that waited for another (the second click)
 * is refused with a single read when that one closed the task, without a transaction of its own.
 */
const perTask: OneAtATimeRule<{ taskId: number }> = {
  key: (input) => `task:${input.taskId}`,
  afterWaiting: async (input, ctx) => {
    const [task] = await ctx.platform.db.select({ status: wfTasks.status }).from(wfTasks).where(eq(wfTasks.id, input.taskId));
    if (task && task.status !== 'pending') throw conflict(engine.MSG.taskClosed);
  },
};
