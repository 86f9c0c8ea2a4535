import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../db/columns';
import type { ProcessModel } from './model';

/** A deployed BPMN definition. Deploying a key again adds a version; running instances keep theirs. */
export const wfDefinitions = pgTable(
  'wf_definitions',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    version: integer('version').notNull(),
    /** Groups definitions under a main key (getSonkeyByMkey). */
    category: varchar('category', { length: 64 }),
    xml: text('xml').notNull(),
    /** The parsed graph the engine interprets (never re-parsed at run time). */
    model: jsonb('model').$type<ProcessModel>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns,
  },
  (t) => [uniqueIndex('wf_definitions_key_version_uq').on(t.key, t.version)],
);

/** Instance state beyond the columns: arrivals at parallel joins, resolved chosen assignees. */
export interface InstanceState {
  joins: Record<string, number>;
  /** Inclusive joins: how many branches their fork took last time (a join waits for that many). */
  expect?: Record<string, number>;
  /** Last activation number given to a node arrival (groups the tasks of one arrival). */
  activations?: number;
  /**
   * The request's parties besides the initiator — the person it is for, the record's preparer:
   * like the initiator, none of them may decide it (self-approval.ts).
   */
  parties?: number[];
}

/**
 * A running or finished process. status: running | returned (sent back to the initiator) |
 * passed | rejected | revoked. Every command locks this row first.
 */
export const wfInstances = pgTable(
  'wf_instances',
  {
    id: serial('id').primaryKey(),
    definitionId: integer('definition_id').notNull(),
    processKey: varchar('process_key', { length: 64 }).notNull(),
    processName: varchar('process_name', { length: 128 }).notNull(),
    businessId: varchar('business_id', { length: 64 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    initiatorUserId: integer('initiator_user_id').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('running'),
    /** Form fields the conditions and assignee rules read. */
    vars: jsonb('vars').$type<Record<string, unknown>>().notNull().default({}),
    /** Users chosen at start for `chosen` tasks, by node id. */
    chosen: jsonb('chosen').$type<Record<string, number[]>>().notNull().default({}),
    state: jsonb('state').$type<InstanceState>().notNull().default({ joins: {} }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    lastUrgedAt: timestamp('last_urged_at', { withTimezone: true }),
    ...auditColumns,
  },
  (t) => [
    index('wf_instances_business_idx').on(t.processKey, t.businessId),
    index('wf_instances_initiator_idx').on(t.initiatorUserId, t.startedAt),
    index('wf_instances_status_idx').on(t.status),
  ],
);

/**
 * Work for a person. kind: approve (a user task), resubmit (the initiator after a send-back),
 * cc (a copy to read). status: pending | waiting (sequential / added signer, not yet due) | done | cancelled.
 * `activation` groups the tasks created by one arrival at a node; the node completes when none of
 * its tasks is pending or waiting. A group task (any-one mode) has candidateUserIds and no assignee.
 */
export const wfTasks = pgTable(
  'wf_tasks',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id').notNull(),
    nodeId: varchar('node_id', { length: 128 }).notNull(),
    nodeName: varchar('node_name', { length: 128 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    activation: integer('activation').notNull().default(0),
    mode: varchar('mode', { length: 8 }).notNull().default('any'),
    seq: doublePrecision('seq').notNull().default(0),
    assigneeUserId: integer('assignee_user_id'),
    candidateUserIds: integer('candidate_user_ids').array().notNull().default(sql`'{}'::integer[]`),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** pass | reject | rollback | resubmit | read | cancelled */
    outcome: varchar('outcome', { length: 16 }),
    completedBy: integer('completed_by'),
    message: varchar('message', { length: 1000 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Held by a deputy (proxy approval): the person it is held for, and the delegation that put it there. */
    proxyForUserId: integer('proxy_for_user_id'),
    delegationId: integer('delegation_id'),
    /** Delegated (委派): the owner the task returns to once the delegate has acted. */
    ownerUserId: integer('owner_user_id'),
    /** An added signer's task (加签): who added it, the only one who may remove it (减签) before it is done. */
    addedByUserId: integer('added_by_user_id'),
  },
  (t) => [
    index('wf_tasks_delegation_idx').on(t.delegationId).where(sql`${t.delegationId} IS NOT NULL AND ${t.status} IN ('pending', 'waiting')`),
    index('wf_tasks_assignee_idx').on(t.assigneeUserId, t.status, t.kind),
    // "My open tasks" in two parts (see the to-do list): personal tasks in arrival order (read
    // backwards for newest first), so a page is the first rows of an index scan, and group tasks
    // (no assignee) by candidate. Both partial, so finished tasks never bloat them.
    index('wf_tasks_todo_idx').on(t.assigneeUserId, t.createdAt, t.id).where(sql`${t.status} = 'pending' AND ${t.kind} IN ('approve', 'resubmit')`),
    index('wf_tasks_group_candidates_idx').using('gin', t.candidateUserIds).where(sql`${t.status} = 'pending' AND ${t.assigneeUserId} IS NULL`),
    index('wf_tasks_instance_idx').on(t.instanceId, t.status),
    index('wf_tasks_completed_by_idx').on(t.completedBy, t.kind),
  ],
);

/**
 * The log every step writes; the flow widget and the audit read it. operateType 0 initiator,
 * 1 approver, 2 cc; approvalFlag 0 pending, 1 passed, 2 rejected, 3 sent back.
 * action: start | resubmit | revoke | pass | reject | rollback | transfer | addSigner | urge.
 */
export const wfEvents = pgTable(
  'wf_events',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id').notNull(),
    taskId: integer('task_id'),
    nodeId: varchar('node_id', { length: 128 }),
    nodeName: varchar('node_name', { length: 128 }).notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    operateType: integer('operate_type').notNull(),
    approvalFlag: integer('approval_flag').notNull(),
    userId: integer('user_id').notNull(),
    /** A second person involved: transfer target, added signer. */
    targetUserId: integer('target_user_id'),
    /** The deputy acted on behalf of this person (代理). */
    proxyForUserId: integer('proxy_for_user_id'),
    message: varchar('message', { length: 1000 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wf_events_instance_idx').on(t.instanceId, t.id)],
);

/**
 * Proxy approval (代理): from start_date to end_date (business days, inclusive) the user's new and
 * open approval tasks are held by the deputy; after it (or once cancelled) the open ones go back.
 * status: active | cancelled (a range in the past is simply over).
 */
export const wfDelegations = pgTable(
  'wf_delegations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    deputyUserId: integer('deputy_user_id').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    reason: varchar('reason', { length: 200 }),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    ...auditColumns,
  },
  (t) => [index('wf_delegations_user_idx').on(t.userId, t.startDate), index('wf_delegations_deputy_idx').on(t.deputyUserId)],
);

/**
 * Time limits of user tasks (timer boundary events, timers.ts): one row per node arrival and timer,
 * due at `dueAt`. Any server process claims due rows with FOR UPDATE SKIP LOCKED, so a timer fires
 * once. status: pending | fired | skipped (its tasks were done before it was due) | failed.
 * Commands never update these rows (the poller alone does), so a command never waits for one.
 */
export const wfTimers = pgTable(
  'wf_timers',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id').notNull(),
    nodeId: varchar('node_id', { length: 128 }).notNull(),
    activation: integer('activation').notNull(),
    /** The boundary event's id in the definition. */
    timerId: varchar('timer_id', { length: 128 }).notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 1000 }),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The poller's question ("pending and due by now, earliest first") is a range scan of this partial index.
    index('wf_timers_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    index('wf_timers_instance_idx').on(t.instanceId),
  ],
);
