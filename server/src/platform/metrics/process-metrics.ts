import { Counter, collectDefaultMetrics, Registry } from 'prom-client';
import { afterCommit } from '../call-transaction';
import { AppError } from '../errors';

/**
 * Metrics of the whole process, whatever app instances it runs (tests build several): memory,
 * event-loop lag, CPU, handles (prom-client's defaults) and the approval commands. The metrics of
 * one app (requests, pool, outbox, sockets) live in its own registry (metrics.ts).
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });

const approvalCommands = new Counter({
  name: 'erp_approval_commands_total',
  help: 'Approval engine commands by kind (start, pass, reject, rollback, ...) and outcome: done (committed), refused (a rule said no), failed (an error)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [processRegistry],
});

export type CommandOutcome = 'done' | 'refused' | 'failed';

export function countApprovalCommand(kind: string, outcome: CommandOutcome): void {
  approvalCommands.inc({ kind, outcome });
}

/**
 * Wraps an engine command so that it is counted: `done` once the call that ran it commits (a
 * command whose call rolls back later is not done), `refused` for a rule's answer, `failed` else.
 */
export function metered<A extends unknown[], R>(kind: string, command: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      const result = await command(...args);
      afterCommit(() => countApprovalCommand(kind, 'done'));
      return result;
    } catch (err) {
      countApprovalCommand(kind, err instanceof AppError ? 'refused' : 'failed');
      throw err;
    }
  };
}
