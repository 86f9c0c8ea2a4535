import type { z } from 'zod';

/** How the request travels: a JSON body (ROOT-wrapped or plain), a multipart form, or the query string. */
export type RequestKind = 'json' | 'multipart' | 'query';
/** How the answer travels: the `{code, message, data}` envelope, or a file (blob). */
export type ResponseKind = 'json' | 'blob';

/**
 * Who may make a call:
 * - `public`: anyone, no token (sign-in, password reset, health).
 * - `login`: any signed-in user (own data; record-level checks happen in the service).
 * - any other string: a permission code (a button's `buttonAuthIdenti`) the user's roles must grant.
 */
export type Permission = 'public' | 'login' | (string & {});

export interface CallDefinition<Req extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Exact path: from spec/calls.tsv where the specification names it, else our own in the same style. */
  path: string;
  request: Req;
  /** Schema of `data` inside the envelope (ignored for blob answers). */
  data: Data;
  requestKind: RequestKind;
  responseKind?: ResponseKind;
  permission: Permission;
  /** A call that changes data: recorded in the audit log. */
  write?: boolean;
  summary: string;
  /**
   * Allowed to a user who must still change a generated password (sign-in info, sign-out, the
   * change itself); every other call answers 403 with code 1005 until then.
   */
  beforePasswordChange?: boolean;
  /** True when the path is named by the specification (calls.tsv); false for our own. */
  fromSpec: boolean;
}

export function defineCall<const Req extends z.ZodType, const Data extends z.ZodType, const D extends CallDefinition<Req, Data>>(
  definition: D & CallDefinition<Req, Data>,
): D {
  return definition;
}

export type RequestOf<C extends CallDefinition> = z.input<C['request']>;
export type ParsedRequestOf<C extends CallDefinition> = z.output<C['request']>;
export type DataOf<C extends CallDefinition> = z.output<C['data']>;
export type DataInputOf<C extends CallDefinition> = z.input<C['data']>;

export type CallGroup = Record<string, CallDefinition>;
