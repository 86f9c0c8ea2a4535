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
   * What this command's caller sent as the form (a resubmission's corrected fields), as sent;
   * absent when it sent none. A document whose record is the form checks and stores these.
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
