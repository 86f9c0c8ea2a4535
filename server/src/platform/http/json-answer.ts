import type { CallDefinition } from '@erp/contract';
import type { FastifyReply } from 'fastify';
import type { CallContext } from './context';
import { langOf, localize } from './i18n';

const CLOSE = Buffer.from('}');

/**
 * Sends the registrar's envelope around `data` that is already JSON: for a large read answer a
 * module keeps serialised (the organisation tree), so a call does not serialise and encode it again.
 * In tests the data is still checked against the call's schema, as the registrar checks every answer.
 */
export function sendJsonData(ctx: CallContext, call: CallDefinition, json: Buffer): FastifyReply {
  if (ctx.platform.config.NODE_ENV === 'test') {
    const check = call.data.safeParse(JSON.parse(json.toString('utf8')));
    if (!check.success) throw new Error(`response of ${call.path} does not match the contract: ${JSON.stringify(check.error.issues.slice(0, 3))}`);
  }
  const head = Buffer.from(`{"code":"200","message":${JSON.stringify(localize('操作成功', langOf(ctx.req)))},"data":`);
  return ctx.reply.header('content-type', 'application/json; charset=utf-8').send(Buffer.concat([head, json, CLOSE]));
}
