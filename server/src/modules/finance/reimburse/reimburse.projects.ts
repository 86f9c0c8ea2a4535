import { PROJECT_PHASE, REIMBURSE_MSG } from '@erp/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/db';
import { badRequest } from '../../../platform/errors';

/**
 * Which projects may bear a claim: a running project (phase 立项中 or 执行中, not a subproject)
 * whose team (项目人员, `fin_project_people`) has the claimant, directly or through one of its
 * subprojects. Join and leave dates are not asked: a claim often comes weeks after the expense, and
 * someone who has left the team may still claim what they spent while on it.
 */
const RUNNING: string[] = [PROJECT_PHASE.draft, PROJECT_PHASE.active];
const running = sql`(${sql.join(
  RUNNING.map((phase) => sql`${phase}`),
  sql`, `,
)})`;

/** The projects a user is on (top-level ids: a subproject's team counts for its parent). */
const projectsOf = (userId: number): SQL =>
  sql`SELECT coalesce(sp.parent_id, sp.id) FROM fin_project_people pp
    JOIN fin_projects sp ON sp.id = pp.project_id AND sp.deleted_at IS NULL WHERE pp.user_id = ${userId}`;

const like = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The claim form's picker: the running projects the user is on (at most 50, newest first). */
export async function projectPicks(db: Db, userId: number, keyword?: string) {
  const k = keyword ? like(keyword) : null;
  const rows = await queryRows<{ id: number; projectNo: string | null; name: string }>(
    db,
    sql`SELECT p.id, p.project_no AS "projectNo", p.name FROM fin_projects p
      WHERE p.deleted_at IS NULL AND p.parent_id IS NULL AND p.phase IN ${running} AND p.id IN (${projectsOf(userId)})
      ${k ? sql`AND (p.name ILIKE ${k} OR p.project_no ILIKE ${k})` : sql``} ORDER BY p.id DESC LIMIT 50`,
  );
  return rows.map((r) => ({ id: Number(r.id), projectNo: r.projectNo === null ? null : String(r.projectNo), name: String(r.name) }));
}

/**
 * Refuses (400) a project the picker would not offer the claimant: missing or a subproject, not
 * running, or without the claimant in its team. Checked at every save and every (re)submission,
 * so a claim drafted before the claimant left the team cannot be submitted onto it later.
 */
export async function checkClaimProject(db: Db, userId: number, projectId: number | null | undefined): Promise<void> {
  if (!projectId) return;
  const [p] = await queryRows<{ phase: string; member: boolean }>(
    db,
    sql`SELECT p.phase, p.id IN (${projectsOf(userId)}) AS member FROM fin_projects p
      WHERE p.id = ${projectId} AND p.deleted_at IS NULL AND p.parent_id IS NULL`,
  );
  if (!p) throw badRequest(REIMBURSE_MSG.projectMissing);
  if (!RUNNING.includes(String(p.phase))) throw badRequest(REIMBURSE_MSG.projectNotRunning);
  if (!p.member) throw badRequest(REIMBURSE_MSG.notOnProject);
}
