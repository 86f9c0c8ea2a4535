import { HOURS_PROCESS } from '@erp/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { defineDocument } from '../../../platform/document/business-document';
import { registerClosureCheck } from '../project/closure-checks';
import { membership } from './hours.membership';
import { finHourSheets } from './hours.schema';

/** One task: the project manager (`projectManager`, read at every submission) decides. */
export const HOURS_PROCESS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:erp="http://erp.local/schema/bpmn" id="defs_${HOURS_PROCESS}" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="${HOURS_PROCESS}" name="职能工时审批" isExecutable="true" erp:fallbackUser="admin" erp:revocable="untouched" erp:category="FINANCE">
    <bpmn:startEvent id="start" name="提交工时" />
    <bpmn:userTask id="manager" name="项目经理审批" camunda:assignee="\${projectManager}" />
    <bpmn:endEvent id="end" name="结束" />
    <bpmn:sequenceFlow id="flow1" sourceRef="start" targetRef="manager" />
    <bpmn:sequenceFlow id="flow2" sourceRef="manager" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;

type Sheet = typeof finHourSheets.$inferSelect;

/** The variables a sheet's approval routes by; `managerUserId` is the project's manager at submission. */
export function sheetVars(sheet: Pick<Sheet, 'projectId' | 'deptId' | 'month'>, managerUserId: number | null) {
  return { projectManager: managerUserId, projectId: sheet.projectId, deptId: sheet.deptId, month: sheet.month };
}

/**
 * Adds (sign +1) or takes back (−1) a sheet's approved minutes in the man-hour summary of its
 * month, person and project. Runs in the engine step's transaction, so a pass counts exactly once.
 */
export async function addToManHours(tx: Db, sheet: Sheet, sign: 1 | -1, userId: number | null): Promise<void> {
  await tx.execute(sql`INSERT INTO fin_man_hours (month, user_id, project_id, dept_id, normal_minutes, ot_workday_minutes, ot_restday_minutes, ot_holiday_minutes, created_by, updated_by)
    VALUES (${sheet.month}, ${sheet.userId}, ${sheet.projectId}, ${sheet.deptId}, ${sign * sheet.normalMinutes}, ${sign * sheet.otWorkdayMinutes}, ${sign * sheet.otRestdayMinutes}, ${sign * sheet.otHolidayMinutes}, ${userId}, ${userId})
    ON CONFLICT (month, user_id, project_id) DO UPDATE SET
      normal_minutes = fin_man_hours.normal_minutes + EXCLUDED.normal_minutes,
      ot_workday_minutes = fin_man_hours.ot_workday_minutes + EXCLUDED.ot_workday_minutes,
      ot_restday_minutes = fin_man_hours.ot_restday_minutes + EXCLUDED.ot_restday_minutes,
      ot_holiday_minutes = fin_man_hours.ot_holiday_minutes + EXCLUDED.ot_holiday_minutes,
      updated_at = now(), updated_by = EXCLUDED.updated_by`);
}

/** A timesheet (GS…): the final pass adds its minutes to the man-hour summary. */
export const hourSheetDocument = defineDocument({
  processKey: HOURS_PROCESS,
  prefix: 'GS',
  name: '工时单',
  table: finHourSheets,
  columns: { id: finHourSheets.id, state: finHourSheets.state, instanceId: finHourSheets.processInstanceId, documentNo: finHourSheets.sheetNo },
  defaultDefinitionXml: HOURS_PROCESS_XML,
  // A sheet sent back and resubmitted from the process centre (not through its save call) goes to the
  // project's manager of today, not to the one it first went to, and is held to the save's rule: its
  // owner still in the team of a running project (`membership` refuses, undoing the resubmission).
  // Without an onResubmit it takes no corrections there.
  routingVars: async (tx, sheet) => sheetVars(sheet, (await membership(tx, sheet.userId, sheet.projectId)).managerUserId),
  onPassed: (tx, sheet, e) => addToManHours(tx, sheet, 1, e.userId),
});

// A project with timesheets still in approval cannot be closed.
registerClosureCheck({
  key: 'workHour',
  async check(db, projectId) {
    const rows = await db.execute(
      sql`SELECT count(*)::int AS n FROM fin_hour_sheets WHERE project_id = ${projectId} AND deleted_at IS NULL AND state IN ('approving', 'returned')`,
    );
    const n = Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
    return n ? `存在${n}张未审批完成的工时单` : null;
  },
});
