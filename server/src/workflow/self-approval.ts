import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../platform/db';
import { idsOfCodes, resolveRule } from './assignees';
import type { NodeModel, ProcessModel, SelfApprovalRule } from './model';

/*
 * Segregation of duties (docs/domain/controls.md): the parties of a request — its applicant, and the
 * person it was prepared for or by where different — never hold a deciding task of it. One rule in
 * the engine, so no document can forget it: routing leaves the parties out of every step, the
 * commands that hand a task to someone refuse a party, and a party's own call on such a task is
 * refused (run.ts `holderTask`).
 */

export const DEFAULT_SELF_APPROVAL: SelfApprovalRule = 'superior';

/** The parties of an instance: the initiator first, then the others the start named. */
export function partiesOf(inst: { initiatorUserId: number; state: { parties?: number[] } | null }): number[] {
  return [...new Set([inst.initiatorUserId, ...(inst.state?.parties ?? [])])];
}

export const isParty = (inst: Parameters<typeof partiesOf>[0], userId: number) => partiesOf(inst).includes(userId);

/**
 * A step whose only rule is the initiator (发起人本人: fill in, confirm one's own data) is the
 * applicant's own work, like a resubmission, not a decision on their request: the rule leaves it alone.
 */
export const isOwnStep = (n: Pick<NodeModel, 'assignee' | 'moreAssignees' | 'assigneeFields'>) =>
  n.assignee?.type === 'initiator' && !n.moreAssignees?.length && !n.assigneeFields?.length;

/** SQL: the user is a party of the instance `instanceId` (a column or value). */
export const partyOfInstance = (instanceId: SQL, userId: number) =>
  sql`EXISTS (SELECT 1 FROM wf_instances party_i WHERE party_i.id = ${instanceId}
      AND (party_i.initiator_user_id = ${userId}::int OR coalesce(party_i.state->'parties', '[]'::jsonb) @> to_jsonb(${userId}::int)))`;

export interface SelfRouting {
  /** The people of the step without the parties. */
  people: number[];
  /** Set when the parties were all it had: what the process's rule made of it. */
  redirected?: { to: number; why: string };
  /** The rule says skip: the step passes without a task (recorded). */
  skipped?: boolean;
}

const RULE_NOTE: Record<Exclude<SelfApprovalRule, 'skip'>, string> = {
  superior: '上级',
  alternate: '指定替代审批人',
  admin: '流程管理员',
};

/** Enabled users of these codes, parties left out, the first one. */
async function firstOutside(db: Db, codes: string[], parties: number[]): Promise<number | undefined> {
  return (await idsOfCodes(db, codes, true)).find((id) => !parties.includes(id));
}

/** The process administrator (else admin), an enabled account that is not a party. */
export const adminOutside = (db: Db, model: Pick<ProcessModel, 'fallbackUser'>, parties: number[]) => firstOutside(db, [model.fallbackUser, 'admin'], parties);

/** The first leader above the applicant who is not a party (the superior chain, unit by unit). */
async function superiorOutside(db: Db, applicant: number, parties: number[]): Promise<number | undefined> {
  let current = applicant;
  // Each step climbs one unit; ten is deeper than any organisation here.
  for (let i = 0; i < 10; i++) {
    const [up] = await resolveRule(db, { type: 'superior' }, { initiatorUserId: current, vars: {}, chosen: {}, nodeId: '' });
    if (up === undefined || up === current) return undefined;
    if (!parties.includes(up)) return up;
    current = up;
  }
  return undefined;
}

/**
 * The step's people with the parties left out. When nobody is left, the process's rule decides:
 * skip the step, or give it to the applicant's superior, the named alternate or the process
 * administrator — each falling back to the process administrator, and never to a party. A step
 * with nobody outside the parties at all is refused: it must not pass silently.
 */
export async function routeAroundParties(db: Db, model: ProcessModel, n: NodeModel, people: number[], parties: number[]): Promise<SelfRouting> {
  if (isOwnStep(n)) return { people };
  const outside = people.filter((p) => !parties.includes(p));
  if (outside.length || !people.length) return { people: outside };
  const rule = model.selfApproval ?? DEFAULT_SELF_APPROVAL;
  if (rule === 'skip') return { people: [], skipped: true };
  const applicant = parties[0] as number;
  const byRule =
    rule === 'superior'
      ? await superiorOutside(db, applicant, parties)
      : rule === 'alternate' && model.selfAlternate
        ? await firstOutside(db, [model.selfAlternate], parties)
        : undefined;
  if (byRule !== undefined) return { people: [byRule], redirected: { to: byRule, why: RULE_NOTE[rule] } };
  const admin = await adminOutside(db, model, parties);
  if (admin !== undefined) return { people: [admin], redirected: { to: admin, why: RULE_NOTE.admin } };
  return { people: [] };
}
