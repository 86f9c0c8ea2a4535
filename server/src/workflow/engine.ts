/**
 * The approval engine (a BPMN subset interpreted in the database): the one surface business
 * modules use. The work is split by job:
 * - definitions.ts — deploy, versions, parsed graphs (cached: a version never changes)
 * - run.ts — one command's state: locking the instance, saving it, hook events
 * - task-commands.ts / instance-commands.ts — the commands, each one transaction
 * - tasks.ts — assignee resolution and creating, ending and reading tasks
 * - routing.ts — moving tokens: gateways, conditions, joins
 * - history.ts — the event log (closing a task writes its event), send-back targets, revocability
 * - lifecycle.ts — ending a command or a process; notifications.ts — the notices in the outbox
 */
import { metered } from '../platform/metrics/process-metrics';
import * as instance from './instance-commands';
import * as task from './task-commands';

export { type DefinitionRow, deploy, latestDefinition, modelOf } from './definitions';
export { type BackTarget, backTargets, canRevoke } from './history';
export type { StartInput } from './instance-commands';
export { MSG } from './messages';
export { chooseFlow } from './routing';
export { type InstanceRow, isHolder, type TaskRow } from './run';
export { isParty, partiesOf, partyOfInstance } from './self-approval';
export type { PassCommand, ResubmitCommand, RollbackCommand, TaskCommand } from './task-commands';
export { myTask, resubmitTaskOf } from './tasks';
export { fireDueTimers, TimerPoller } from './timers';

// Each command is counted by kind and outcome for the operators (erp_approval_commands_total).
export const start = metered('start', instance.start);
export const revoke = metered('revoke', instance.revoke);
export const urge = metered('urge', instance.urge);
export const finishCc = metered('finishCc', instance.finishCc);
export const terminate = metered('terminate', instance.terminate);
export const reassign = metered('reassign', instance.reassign);
export const pass = metered('pass', task.pass);
export const reject = metered('reject', task.reject);
export const rollback = metered('rollback', task.rollback);
export const resubmit = metered('resubmit', task.resubmit);
export const transfer = metered('transfer', task.transfer);
export const addSigner = metered('addSigner', task.addSigner);
export const removeSigner = metered('removeSigner', task.removeSigner);
export const delegate = metered('delegate', task.delegate);
