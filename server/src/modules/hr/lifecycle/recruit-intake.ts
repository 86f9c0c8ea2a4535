import type { Db } from '../../../platform/db';
import { type HireRow, onHire, takeHire } from '../../recruit/onboarding-handoff';
import { businessToday } from './documents';
import { companyOfOrg } from './hire';
import { onboardings } from './lifecycle.schema';

/**
 * A hire confirmed in recruitment (`employ/submit`) becomes an onboarding in stage `offer`, source
 * `offer`, in the same transaction, and the hand-off row is marked taken. A hire that cannot be
 * taken stays `pending` for HR to create by hand, and recruitment's confirmation still succeeds:
 * no unit to join or recruiter, or an ID number that already has a live onboarding.
 */
export async function onboardHire(tx: Db, hire: HireRow): Promise<number | null> {
  if (!hire.orgId || !hire.recruiterUserId) return null;
  const [row] = await tx
    .insert(onboardings)
    .values({
      source: 'offer',
      stage: 'offer',
      name: hire.name,
      phone: hire.phone ?? '',
      email: hire.email,
      idType: '001',
      idCardNo: hire.idCardNo,
      gender: hire.gender,
      orgId: hire.orgId,
      companyId: await companyOfOrg(tx, hire.orgId),
      positionId: hire.positionId,
      positionName: hire.positionName,
      personCategory: hire.personCategory,
      clientCompanyId: hire.clientCompanyId,
      plannedEntryDate: hire.entryDate ?? businessToday(),
      probationMonths: hire.probationMonths,
      salaryCents: hire.monthlySalary,
      info: { education: hire.education, probationSalaryCents: hire.probationSalary, candidateId: hire.candidateId, demandId: hire.demandId },
      applicantUserId: hire.recruiterUserId,
      createdBy: hire.recruiterUserId,
      updatedBy: hire.recruiterUserId,
    })
    // The partial unique index on live ID numbers: a person already being onboarded is left to HR.
    .onConflictDoNothing()
    .returning({ id: onboardings.id });
  if (!row) return null;
  await takeHire(tx, hire.id, row.id);
  return row.id;
}

let accepting = false;

/** Called by the lifecycle module at start (once per process, however many servers a test starts). */
export function acceptHiresFromRecruitment(): void {
  if (accepting) return;
  accepting = true;
  onHire(async (tx, hire) => {
    await onboardHire(tx, hire);
  });
}
