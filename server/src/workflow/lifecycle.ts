import type { HookEvent } from './hooks';
import { hooksFor } from './hooks';
import { queueCreatedNotices, queueResultNotice } from './notifications';
import { hookEvent, type Run, saveInstance } from './run';
import { createCc, openApprovalCount } from './tasks';

/**
 * Ends a process: cc of the definition on a pass, the notices, the instance saved, then the
 * business module's hooks (the step that ended it, if any, then the end) on the saved state.
 */
export async function finish(run: Run, status: 'passed' | 'rejected' | 'revoked' | 'terminated', step?: HookEvent): Promise<void> {
  if (status === 'passed') await createCc(run, '__end__', '抄送', run.model.cc);
  await queueCreatedNotices(run);
  if (status === 'passed' || status === 'rejected') queueResultNotice(run, status);
  await saveInstance(run, { status, endedAt: new Date() });
  const hooks = hooksFor(run.inst.processKey);
  if (step) await hooks?.onStep?.(run.tx, step);
  await hooks?.onEnd?.(run.tx, hookEvent(run, status, null));
}

/** Ends a command: completes the process when the last token reached an end, saves, notifies. */
export async function settle(run: Run, action: string, nodeId: string | null): Promise<void> {
  if (run.reachedEnd && run.inst.status === 'running' && (await openApprovalCount(run.tx, run.inst.id)) === 0) {
    await finish(run, 'passed', hookEvent(run, action, nodeId));
    return;
  }
  await queueCreatedNotices(run);
  await saveInstance(run);
  if (action !== 'start') await hooksFor(run.inst.processKey)?.onStep?.(run.tx, hookEvent(run, action, nodeId));
}
