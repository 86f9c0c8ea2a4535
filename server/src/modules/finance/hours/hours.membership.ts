import { HOURS_MSG, PROJECT_PHASE } from '@erp/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { badRequest } from '../../../platform/errors';
import { finProjectPeople, finProjects } from '../project/project.schema';

export interface Membership {
  projectId: number;
  name: string;
  deptId: number | null;
  managerUserId: number | null;
  startDate: string | null;
  endDate: string | null;
  phase: string;
  joinDate: string | null;
  leaveDate: string | null;
}

/** The project and my place in its team; refuses when I am not in it or it is not running. */
export async function membership(db: Db, userId: number, projectId: number): Promise<Membership> {
  const [row] = await db
    .select({
      projectId: finProjects.id,
      name: finProjects.name,
      deptId: finProjects.deptId,
      managerUserId: finProjects.managerUserId,
      startDate: finProjects.startDate,
      endDate: finProjects.endDate,
      phase: finProjects.phase,
      joinDate: finProjectPeople.joinDate,
      leaveDate: finProjectPeople.leaveDate,
    })
    .from(finProjects)
    .innerJoin(finProjectPeople, and(eq(finProjectPeople.projectId, finProjects.id), eq(finProjectPeople.userId, userId)))
    .where(and(eq(finProjects.id, projectId), isNull(finProjects.deletedAt)));
  if (!row) throw badRequest(HOURS_MSG.notMember);
  if (row.phase !== PROJECT_PHASE.active) throw badRequest(HOURS_MSG.projectNotActive);
  return row;
}
