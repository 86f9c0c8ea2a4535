import type { CallDefinition } from '@erp/contract';
import type { FastifyReply } from 'fastify';
import type { CallContext } from './context';
import { langOf, localize } from './i18n';

const CLOSE = Buffer.from('}');

/** Whole answers per kept data and language: a call then sends a ready buffer, no 450 KB copy each time. */
const answers = new WeakMap<Buffer, Map<string, Buffer>>();

/**
 * Sends the registrar's envelope around `data` that is already JSON: for a large read answer a
 * module keeps serialised (the organisation tree), so a call does not serialise and encode it again.
 * The caller must keep `json` unchanged while it holds it (the whole answer is kept beside it).
 * In tests the data is still checked against the call's schema, as the registrar checks every answer.
 */
export function sendJsonData(ctx: CallContext, call: CallDefinition, json: Buffer): FastifyReply {
  if (ctx.platform.config.NODE_ENV === 'test') {
    const check = call.data.safeParse(JSON.parse(json.toString('utf8')));
    if (!check.success) throw new Error(`response of ${call.path} does not match the contract: ${JSON.stringify(check.error.issues.slice(0, 3))}`);
  }
  const message = localize('操作成功', langOf(ctx.req));
  let byMessage = answers.get(json);
  if (!byMessage) {
    byMessage = new Map();
    answers.set(json, byMessage);
  }
  let answer = byMessage.get(message);
  if (!answer) {
    answer = Buffer.concat([Buffer.from(`{"code":"200","message":${JSON.stringify(message)},"data":`), json, CLOSE]);
    byMessage.set(message, answer);
  }
  return ctx.reply.header('content-type', 'application/json; charset=utf-8').send(answer);
}
