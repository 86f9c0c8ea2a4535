import { SUCCESS_CODE } from '@erp/contract/common';
import type { CallDefinition, DataOf, RequestOf } from '@erp/contract/define';
import { getToken } from '../session/session-store';
import { ApiError, type FailureOptions, failure } from './errors';

/** What a call answers: the envelope's typed `data`, or a Blob for file downloads. */
export type ResultOf<C extends CallDefinition> = C['responseKind'] extends 'blob' ? Blob : DataOf<C>;

export interface CallOptions extends FailureOptions {
  signal?: AbortSignal;
}

type Input = Record<string, unknown>;

/** `{name}` or `:name` segments are filled from the input and removed from the body. */
function fillPath(path: string, input: Input): { url: string; rest: Input } {
  const rest: Input = { ...input };
  const url = path.replace(/\{(\w+)\}|:(\w+)/g, (_, a: string | undefined, b: string | undefined) => {
    const key = (a ?? b) as string;
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value ?? ''));
  });
  return { url, rest };
}

function appendForm(form: FormData, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (value instanceof Blob) form.append(key, value);
  else if (Array.isArray(value)) for (const v of value) appendForm(form, key, v);
  else if (typeof value === 'object') form.append(key, JSON.stringify(value));
  else form.append(key, String(value));
}

function queryString(input: Input): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Builds the fetch request of a call: ROOT-wrapped JSON, multipart form or query string (spec 000 §7). */
export function buildRequest(call: CallDefinition, input: unknown): { url: string; init: RequestInit } {
  const { url, rest } = fillPath(call.path, (input ?? {}) as Input);
  const headers: Record<string, string> = { Accept: call.responseKind === 'blob' ? '*/*' : 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (call.requestKind === 'query' || call.method === 'GET') {
    return { url: url + queryString(rest), init: { method: call.method, headers } };
  }
  if (call.requestKind === 'multipart') {
    const form = new FormData();
    for (const [key, value] of Object.entries(rest)) appendForm(form, key, value);
    return { url, init: { method: call.method, headers, body: form } };
  }
  headers['Content-Type'] = 'application/json';
  return { url, init: { method: call.method, headers, body: JSON.stringify({ ROOT: { header: {}, body: rest } }) } };
}

interface Envelope {
  code?: string;
  message?: string;
  data?: unknown;
}

async function readEnvelope(res: Response): Promise<Envelope | null> {
  try {
    return (await res.json()) as Envelope;
  } catch {
    return null;
  }
}

/**
 * Makes one call of the contract and returns its typed `data` (or a Blob for downloads).
 * Failures follow spec 000 §8 (1004 expiry, silent 401, 503 and other toasts) and reject with ApiError.
 */
export async function api<C extends CallDefinition>(call: C, input: RequestOf<C>, opts: CallOptions = {}): Promise<ResultOf<C>> {
  const { url, init } = buildRequest(call, input);
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: opts.signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw failure(0, 'NETWORK', undefined, opts);
  }
  return settle(call, res, opts);
}

/** Reads a call's answer: typed `data` (or a Blob), or the spec 000 §8 failure handling. */
export async function settle<C extends CallDefinition>(call: C, res: Response, opts: FailureOptions = {}): Promise<ResultOf<C>> {
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  if (call.responseKind === 'blob' && res.ok && !isJson) return (await res.blob()) as ResultOf<C>;
  const body = isJson ? await readEnvelope(res) : null;
  if (res.ok && body && body.code === SUCCESS_CODE) return body.data as ResultOf<C>;
  throw failure(res.status, body?.code, body?.message, opts, body?.data);
}

/** Downloads a blob call's answer under the given file name (falls back to the server's name). */
export async function download<C extends CallDefinition>(call: C, input: RequestOf<C>, fileName?: string): Promise<void> {
  const { url, init } = buildRequest(call, input);
  const res = await fetch(url, init);
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('json')) {
    const body = await readEnvelope(res);
    throw failure(res.status, body?.code, body?.message);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const fromServer = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  saveBlob(await res.blob(), fileName ?? (fromServer ? decodeURIComponent(fromServer) : 'download'));
}

export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export { ApiError };
