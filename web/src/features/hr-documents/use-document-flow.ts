import { bpmCalls } from '@erp/contract/modules/bpm';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/client';

/**
 * The flow of a document's process and my open task on it: `taskId` when I approve (with its node,
 * from the open step), `resubmitTaskId` when it was sent back to me, its applicant.
 */
export function useDocumentFlow(processInstanceId: number | null | undefined) {
  const flow = useQuery({
    queryKey: ['hrDocuments', 'flow', processInstanceId],
    queryFn: () => api(bpmCalls.getFlowData, { instanceId: processInstanceId as number }),
    enabled: !!processInstanceId,
    staleTime: 0,
  });
  const data = flow.data;
  const taskId = data?.taskKind === 'approve' ? data.taskId : null;
  const nodeId = taskId ? (data?.steps.find((s) => s.id === `t:${taskId}`)?.nodeId ?? null) : null;
  const resubmitTaskId = data?.taskKind === 'resubmit' ? data.taskId : null;
  return { flow, steps: data?.steps ?? [], taskId, nodeId, resubmitTaskId, taskName: data?.taskName ?? null };
}
