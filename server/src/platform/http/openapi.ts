import { allCalls, type CallDefinition } from '@erp/contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function schemaOf(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    return z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  } catch {
    return {};
  }
}

function operation(group: string, name: string, call: CallDefinition): JsonSchema {
  const request = schemaOf(call.request, 'input');
  const envelope = {
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: { code: { type: 'string', example: '200' }, message: { type: 'string' }, data: schemaOf(call.data, 'output') },
  };
  const op: JsonSchema = {
    operationId: `${group}.${name}`,
    tags: [group],
    summary: call.summary,
    description: [
      `Permission: \`${call.permission}\`.`,
      call.fromSpec ? 'Path named by the specification.' : 'Path of our own (the specification leaves it out).',
      call.write ? 'Recorded in the audit log.' : '',
    ].join(' '),
    security: call.permission === 'public' ? [] : [{ bearer: [] }],
    responses: {
      '200':
        call.responseKind === 'blob'
          ? { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
          : { description: 'Envelope with code "200"', content: { 'application/json': { schema: envelope } } },
      default: { description: 'Failure: `{code, message, data}` with the matching HTTP status' },
    },
  };
  if (call.requestKind === 'query' || call.method === 'GET') {
    const props = (request.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((request.required as string[] | undefined) ?? []);
    op.parameters = Object.entries(props).map(([key, schema]) => ({ name: key, in: 'query', required: required.has(key), schema }));
  } else {
    const content: Record<string, unknown> = {
      'application/json': {
        schema: { oneOf: [request, { type: 'object', properties: { ROOT: { type: 'object', properties: { header: { type: 'object' }, body: request } } } }] },
      },
    };
    if (call.requestKind === 'multipart') content['multipart/form-data'] = { schema: request };
    op.requestBody = { required: true, content };
  }
  return op;
}

/** The OpenAPI 3.1 document of every call, generated from the contract. */
export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { group, name, call } of allCalls()) {
    paths[call.path] ??= {};
    (paths[call.path] as Record<string, JsonSchema>)[call.method.toLowerCase()] = operation(group, name, call);
  }
  return {
    openapi: '3.1.0',
    info: { title: '信息管理平台 API', version: '1.0.0', description: 'Every JSON answer is `{code, message, data}`; code "200" is success.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
