import { randomUUID } from 'node:crypto';
import { BPM_PERM, checkRequestForm, REQUEST_FORMS, type RequestDetail, requestFieldsOf, requestFileIds } from '@erp/contract';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/principal';
import { hasPermission } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import * as engine from '../../workflow/engine';
import type { FileService } from '../file/file.service';
import * as repo from './bpm.repository';
import { assertCanRead, chosenIds } from './bpm.service';

/** Files of general requests are uploaded under this module name; participants of the request may read them. */
export const REQUEST_FILES_MODULE = 'bpm';

/**
 * Starts a general request: the form is checked against its declaration (bpm-forms.ts), each
 * error naming its field; attachments must be the applicant's own uploads.
 */
export async function startRequest(
  db: Db,
  files: FileService,
  user: Principal,
  input: { processKey: string; title: string; form: Record<string, unknown>; chosen?: Record<string, string[]> },
) {
  const fields = requestFieldsOf(input.processKey);
  const errors = checkRequestForm(fields, input.form, { loose: !REQUEST_FORMS[input.processKey] });
  const first = errors[0];
  if (first) throw badRequest(first.message, { errors: errors.map((e) => ({ field: `form.${e.field}`, rule: 'form', message: e.message })) });
  const ids = requestFileIds(fields, input.form);
  if (ids.length) {
    const rows = await files.ownedRows(user, ids);
    if (rows.some((r) => r.moduleName !== REQUEST_FILES_MODULE)) throw badRequest('附件不存在或不属于当前用户');
  }
  const { instance } = await engine.start(db, {
    processKey: input.processKey,
    businessId: `REQ-${randomUUID()}`,
    title: input.title,
    initiatorUserId: user.userId,
    vars: input.form,
    chosen: await chosenIds(db, input.chosen),
  });
  return instance;
}

/** What a request asks, for whoever may read its flow. */
export async function requestDetail(db: Db, files: FileService, user: Principal, instanceId: number): Promise<RequestDetail> {
  const inst = await repo.instanceById(db, instanceId);
  if (!inst) throw notFound('流程实例不存在');
  await assertCanRead(db, user, inst.id);
  const initiator = await repo.userById(db, inst.initiatorUserId);
  const form = inst.vars as RequestDetail['form'];
  const ids = requestFileIds(requestFieldsOf(inst.processKey), form);
  return {
    processInstanceId: inst.id,
    processKey: inst.processKey,
    processName: inst.processName,
    title: inst.title,
    initiatorCode: initiator?.userCode ?? '',
    initiatorName: initiator?.realName ?? '',
    initiatorOrg: (await repo.orgName(db, initiator?.orgId ?? null)) || null,
    startTime: inst.startedAt.toISOString(),
    form,
    files: ids.length ? await files.entries(ids) : [],
  };
}

/** A request's attachment is readable by the request's participants and the process administrators. */
export async function canReadRequestFile(db: Db, user: Principal, file: { id: number; ownerId: number }): Promise<boolean> {
  if (hasPermission(user, BPM_PERM.definitionList)) return true;
  const rows = (await db.execute(sql`SELECT id FROM wf_instances WHERE initiator_user_id = ${file.ownerId}
      AND vars -> 'attachments' @> ${JSON.stringify([file.id])}::jsonb ORDER BY id DESC LIMIT 20`)) as unknown as { rows: Array<{ id: number }> };
  for (const r of rows.rows) if (await repo.isParticipant(db, Number(r.id), user.userId)) return true;
  return false;
}
