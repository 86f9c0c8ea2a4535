import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, isDatabaseUnavailable } from '../errors';
import { langOf, localize } from './i18n';

interface Answer {
  status: number;
  code: string;
  message: string;
  data: unknown;
}

/** Fastify's own errors (body parsing, limits) mapped to product messages. */
function frameworkAnswer(err: FastifyError): Answer | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: '413', message: '请求内容过大', data: null };
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, code: '413', message: '文件大小不能超过100M', data: null };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, code: '415', message: '不支持的请求内容类型', data: null };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: '400', message: '请求体不是有效的JSON', data: null };
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { status: 413, code: '413', message: '上传的文件或字段数量过多', data: null };
    default:
      break;
  }
  if (err instanceof SyntaxError || err.name === 'SyntaxError') return { status: 400, code: '400', message: '请求体不是有效的JSON', data: null };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, code: String(err.statusCode), message: '请求无效', data: null };
  }
  return null;
}

/** The driver's own words under wrappers (Drizzle puts the statement and its parameters on top). */
function rootReason(err: unknown): string {
  let e = err as { message?: string; code?: string; cause?: unknown };
  while (e.cause && typeof e.cause === 'object') e = e.cause as typeof e;
  return [e.code, e.message].filter(Boolean).join(' ');
}

/** One error handler: every failure becomes `{code, message, data}` with a matching HTTP status. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const lang = langOf(req);
    let answer: Answer;
    if (error instanceof AppError) {
      answer = { status: error.status, code: error.code, message: error.message, data: error.data };
    } else if (isDatabaseUnavailable(error)) {
      // One short line per call: during an outage every call lands here, and the statement and
      // stack say nothing the reason does not.
      req.log.warn({ reason: rootReason(error) }, 'database unavailable');
      answer = { status: 503, code: '503', message: '数据库暂时不可用，请稍后重试', data: null };
    } else {
      const known = frameworkAnswer(error);
      if (known) answer = known;
      else {
        req.log.error({ err: error }, 'internal error');
        answer = {
          status: 500,
          code: '500',
          message: lang === 'en' ? `Internal error (request ${req.id})` : `系统内部错误，请稍后重试（请求编号：${req.id}）`,
          data: null,
        };
      }
    }
    if (answer.status >= 400 && answer.status < 500) req.log.info({ code: answer.code, msg: answer.message }, 'request refused');
    // A download refused after it set its file's headers (type, name, length) would otherwise carry
    // them on the envelope: Fastify cannot send an object as an xlsx and answered 500 instead.
    reply.removeHeader('content-disposition');
    reply.removeHeader('content-length');
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.status(answer.status).send({ code: answer.code, message: localize(answer.message, lang), data: answer.data });
  });

  app.setNotFoundHandler((req, reply) => {
    const lang = langOf(req);
    const path = req.url.split('?')[0]?.slice(0, 200);
    reply.status(404).send({
      code: '404',
      message: lang === 'en' ? `No such path: ${req.method} ${path}` : `接口不存在：${req.method} ${path}`,
      data: null,
    });
  });
}
