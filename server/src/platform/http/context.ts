import type { CallDefinition, DataInputOf, ParsedRequestOf } from '@erp/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal';
import type { Platform } from '../platform';
import type { UploadedFile } from './multipart';

export interface AuditEntry {
  recordId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

export interface CallContext {
  platform: Platform;
  /** The signed-in user; reading it on a public call without a session throws 401. */
  readonly user: Principal;
  /** The signed-in user when there is one (public calls). */
  readonly maybeUser: Principal | null;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Files of a multipart call, already streamed to temporary storage with their SHA-256. */
  files: UploadedFile[];
  /** What the audit log records for a write call; defaults to the request with secrets removed. */
  audit(entry: AuditEntry): void;
  /** The bearer token of this call (logout needs it). */
  token: string | null;
}

/** A handler returns `data` for the envelope, or the reply itself after sending a file. */
export type Handler<C extends CallDefinition> = (input: ParsedRequestOf<C>, ctx: CallContext) => Promise<DataInputOf<C> | FastifyReply>;

export interface Route {
  call: CallDefinition;
  handler: Handler<CallDefinition>;
  /** Calls answering the same key (e.g. commands on one task) run one after the other in this process; see `OneAtATime`. */
  oneAtATime?: OneAtATimeRule<unknown>;
}

/**
 * Calls of the same `key` run one after the other in this process, each with its transaction and
 * commit. A call that waited for an earlier one first runs `afterWaiting`, outside any transaction:
 * it may refuse at once what the earlier call settled (the second click of a double click).
 */
export interface OneAtATimeRule<I> {
  key: (input: I) => string | undefined;
  afterWaiting?: (input: I, ctx: CallContext) => Promise<void>;
}

export type OneAtATime<G extends Record<string, CallDefinition>> = { [K in keyof G]?: OneAtATimeRule<ParsedRequestOf<G[K]>> };

/**
 * Binds a module's handlers to its contract group. Every call of the group must be handled,
 * so a call declared in the contract cannot be forgotten on the server.
 */
export function implement<G extends Record<string, CallDefinition>>(
  group: G,
  handlers: { [K in keyof G]: Handler<G[K]> },
  oneAtATime: OneAtATime<G> = {},
): Route[] {
  return Object.keys(group).map((name) => ({
    call: group[name] as CallDefinition,
    handler: handlers[name] as unknown as Handler<CallDefinition>,
    oneAtATime: oneAtATime[name] as Route['oneAtATime'],
  }));
}
