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
export { type DefinitionRow, deploy, latestDefinition, modelOf } from './definitions';
export { type BackTarget, backTargets, canRevoke } from './history';
export { finishCc, reassign, revoke, type StartInput, start, terminate, urge } from './instance-commands';
export { MSG } from './messages';
export { chooseFlow } from './routing';
export { type InstanceRow, isHolder, type TaskRow } from './run';
export {
  addSigner,
  delegate,
  type PassCommand,
  pass,
  type RollbackCommand,
  reject,
  removeSigner,
  resubmit,
  rollback,
  type TaskCommand,
  transfer,
} from './task-commands';
export { myTask, resubmitTaskOf } from './tasks';
export { fireDueTimers, TimerPoller } from './timers';
