import type { Db } from '../platform/db';

/** terminated: ended by an administrator (business records close as when revoked). */
export type InstanceStatus = 'running' | 'returned' | 'passed' | 'rejected' | 'revoked' | 'terminated';

/** What a business module learns about its record's process, inside the command's transaction. */
export interface HookEvent {
  instanceId: number;
  processKey: string;
  businessId: string;
  /** The form as it stands after the command (approvers and resubmissions may change it). */
  vars: Record<string, unknown>;
  /**
   * What the applicant sent as corrections with a resubmission (`ResubmitCommand.form`), as sent;
   * absent when they sent none. It is already merged into `vars`: a module that may not take it
   * refuses it in `onResubmit`.
   */
  form?: Record<string, unknown>;
  status: InstanceStatus;
  /** Who acted. */
  userId: number;
  /** start | pass | reject | rollback | resubmit | revoke | transfer | addSigner. */
  action: string;
  nodeId: string | null;
}

/**
 * Business modules keep their record's status in step with the process through these hooks.
 * They run in the same transaction as the command: a hook that throws undoes the whole step.
 */
export interface WorkflowHooks {
  onStart?(tx: Db, e: HookEvent): Promise<void>;
  /**
   * A returned request is submitted again, before it routes (its conditions and assignee rules read
   * the form): check the corrections (`e.form`) and throw to refuse them; answer the variables the
   * record routes by, which then replace whatever the last submission or the corrections set.
   */
  onResubmit?(tx: Db, e: HookEvent): Promise<Record<string, unknown> | undefined>;
  onStep?(tx: Db, e: HookEvent): Promise<void>;
  onEnd?(tx: Db, e: HookEvent): Promise<void>;
}

const registry = new Map<string, WorkflowHooks>();

export function registerWorkflowHooks(processKey: string, hooks: WorkflowHooks): void {
  registry.set(processKey, hooks);
}

export function hooksFor(processKey: string): WorkflowHooks | undefined {
  return registry.get(processKey);
}

/**
 * A named step a service task runs (`erp:hook="name"`, or `camunda:delegateExpression="${name}"`,
 * `flowable:delegateExpression`, Zeebe's task type). It runs inside the command's transaction: a
 * hook that throws undoes the whole step. Form fields it answers are merged into the form.
 */
export type ServiceHook = (tx: Db, e: HookEvent) => Promise<Record<string, unknown> | undefined>;

const serviceHooks = new Map<string, ServiceHook>();

export function registerServiceHook(name: string, hook: ServiceHook): void {
  serviceHooks.set(name, hook);
}

export function serviceHook(name: string): ServiceHook | undefined {
  return serviceHooks.get(name);
}
