import type { CallDefinition, RequestOf } from '@erp/contract/define';
import {
  COMPENSATE_PROCESS_KEY,
  CONTRACT_ARCHIVE_PROCESS_KEY,
  CONTRACT_SEAL_PROCESS_KEY,
  compensationCalls,
  compensationMeta,
  contractArchiveDocumentCalls,
  contractArchiveMeta,
  contractSealDocumentCalls,
  contractSealMeta,
  PERFORMANCE_PROCESS_KEY,
  performanceCalls,
  performanceMeta,
  TRIPLE_PROCESS_KEY,
  tripleAgreementCalls,
  tripleAgreementMeta,
} from '@erp/contract/modules/hr-documents';
import { fieldsOf, type ResourceMeta } from '@erp/contract/resource';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Modal, Space, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api/client';
import { queryKeys } from '../../app/query-keys';
import { FlowSteps, SignOffDialog } from '../../components/flow';
import { FileGroupField, renderValue } from '../../components/resource';
import type { RecordDialogProps } from '../bpm/shared/process-dialogs';
import { useReturnedDocument } from './returned-document';
import { useDocumentFlow } from './use-document-flow';

export interface DocumentKind {
  title: string;
  meta: ResourceMeta<Record<string, unknown>>;
  byBpm: CallDefinition;
  pass: CallDefinition;
  reject: CallDefinition;
  rollback: CallDefinition;
}

export const DOCUMENT_KINDS: Record<string, DocumentKind> = {
  [TRIPLE_PROCESS_KEY]: {
    title: '三方协议',
    meta: tripleAgreementMeta as unknown as ResourceMeta<Record<string, unknown>>,
    byBpm: tripleAgreementCalls.tripleSelectByBpmId,
    pass: tripleAgreementCalls.tripleApprovalPass,
    reject: tripleAgreementCalls.tripleApprovalFail,
    rollback: tripleAgreementCalls.tripleRollback,
  },
  [COMPENSATE_PROCESS_KEY]: {
    title: '补偿优化',
    meta: compensationMeta as unknown as ResourceMeta<Record<string, unknown>>,
    byBpm: compensationCalls.compensateSelectByBpmId,
    pass: compensationCalls.compensateApprovalPass,
    reject: compensationCalls.compensateApprovalFail,
    rollback: compensationCalls.compensateRollback,
  },
  [PERFORMANCE_PROCESS_KEY]: {
    title: '绩效考核',
    meta: performanceMeta as unknown as ResourceMeta<Record<string, unknown>>,
    byBpm: performanceCalls.performanceSelect,
    pass: performanceCalls.performancePass,
    reject: performanceCalls.performanceReject,
    rollback: performanceCalls.performanceRollback,
  },
  [CONTRACT_SEAL_PROCESS_KEY]: {
    title: '用印申请',
    meta: contractSealMeta as unknown as ResourceMeta<Record<string, unknown>>,
    byBpm: contractSealDocumentCalls.selectByBpmId,
    pass: contractSealDocumentCalls.approvalPass,
    reject: contractSealDocumentCalls.approvalFail,
    rollback: contractSealDocumentCalls.rollback,
  },
  [CONTRACT_ARCHIVE_PROCESS_KEY]: {
    title: '归档申请',
    meta: contractArchiveMeta as unknown as ResourceMeta<Record<string, unknown>>,
    byBpm: contractArchiveDocumentCalls.selectByBpmId,
    pass: contractArchiveDocumentCalls.approvalPass,
    reject: contractArchiveDocumentCalls.approvalFail,
    rollback: contractArchiveDocumentCalls.rollback,
  },
};

/** The fields of a document record as its metadata labels them (files listed and previewable). */
export function DocumentFields({ kind, record }: { kind: DocumentKind; record: Record<string, unknown> }) {
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
      {fieldsOf(kind.meta)
        .filter(([k, f]) => f.export !== false && k !== 'state')
        .map(([k, f]) => (
          <Descriptions.Item key={k} label={f.label}>
            {renderValue(f, record[k], k)}
          </Descriptions.Item>
        ))}
      {fieldsOf(kind.meta)
        .filter(([k, f]) => f.valueType === 'file' && record[k])
        .map(([k, f]) => (
          <Descriptions.Item key={k} label={f.label} span={2}>
            <FileGroupField value={record[k] as string} readOnly />
          </Descriptions.Item>
        ))}
    </Descriptions>
  );
}

/**
 * The current approver's pass, send back to the applicant and reject of a document, through its
 * own calls: the buttons and the sign-off dialog they open.
 */
export function useDocumentActions(processKey: string, processInstanceId: number | null | undefined, onDone: (text: string) => void) {
  const kind = DOCUMENT_KINDS[processKey] as DocumentKind;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [sign, setSign] = useState<null | 'pass' | 'reject'>(null);
  const { steps, taskId, nodeId, resubmitTaskId, flow } = useDocumentFlow(processInstanceId);
  const done = async (text: string) => {
    await Promise.all([
      qc.invalidateQueries({ queryKey: ['bpm'] }),
      qc.invalidateQueries({ queryKey: queryKeys.bpmTotal }),
      qc.invalidateQueries({ queryKey: ['hrDocuments'] }),
    ]);
    onDone(text);
  };
  const returned = useReturnedDocument(resubmitTaskId, done);
  const run = (call: CallDefinition, body: Record<string, unknown>, text: string) => api(call, body as RequestOf<CallDefinition>).then(() => done(text));
  const judging = processKey === PERFORMANCE_PROCESS_KEY && !!nodeId?.startsWith('judge');
  const buttons = [];
  if (taskId) {
    if (judging)
      buttons.push(
        <Button
          key="judge"
          type="primary"
          onClick={() => navigate(`/PerformanceManagement/PerformanceEvaluationDetails?processInstanceId=${processInstanceId}`)}
        >
          去评分
        </Button>,
      );
    else
      buttons.push(
        <Button key="pass" type="primary" onClick={() => setSign('pass')}>
          通过
        </Button>,
      );
    buttons.push(
      <Button key="back" onClick={() => run(kind.rollback, { taskId, sort: 0 }, '已退回')}>
        退回申请人
      </Button>,
      <Button key="reject" danger onClick={() => setSign('reject')}>
        驳回
      </Button>,
    );
  }
  const signOff = (
    <SignOffDialog
      open={sign !== null}
      mode={sign === 'reject' ? 'reject' : 'pass'}
      onClose={() => setSign(null)}
      onSubmit={(m) => (sign === 'reject' ? run(kind.reject, { taskId, message: m }, '已驳回') : run(kind.pass, { taskId, message: m || undefined }, '已通过'))}
    />
  );
  return { buttons, resubmit: returned.button, hint: returned.hint, signOff, steps, flowLoading: flow.isLoading };
}

/**
 * The process centre's view of an HR document (selectByBpmId): its fields, its flow and — for the
 * current approver — pass, send back to the applicant and reject through the document's own calls.
 * A performance scoring step opens the evaluation's page, where the scores are given.
 */
export function documentDialog(processKey: string) {
  const kind = DOCUMENT_KINDS[processKey] as DocumentKind;
  return function DocumentDialog({ open, mode, processInstanceId, onClose, onDone }: RecordDialogProps) {
    const { message } = App.useApp();
    const record = useQuery({
      queryKey: ['hrDocuments', 'byBpm', processKey, processInstanceId],
      queryFn: () => api(kind.byBpm, { processInstanceId } as RequestOf<CallDefinition>) as Promise<Record<string, unknown>>,
      enabled: open && !!processInstanceId,
    });
    const actions = useDocumentActions(processKey, open ? processInstanceId : null, (text) => {
      message.success(text);
      onDone?.();
      onClose();
    });
    const footer = [
      ...(mode === 'approve' ? actions.buttons : []),
      actions.resubmit,
      <Button key="close" onClick={onClose}>
        关闭
      </Button>,
    ];
    return (
      <Modal open={open} title={`${kind.title}详情`} width="60%" onCancel={onClose} footer={<Space wrap>{footer}</Space>} destroyOnHidden>
        {actions.hint}
        {record.isLoading || !record.data ? <Spin /> : <DocumentFields kind={kind} record={record.data} />}
        <FlowSteps steps={actions.steps} loading={actions.flowLoading} />
        {actions.signOff}
      </Modal>
    );
  };
}

export const TripleDialog = documentDialog(TRIPLE_PROCESS_KEY);
export const CompensationDialog = documentDialog(COMPENSATE_PROCESS_KEY);
export const PerformanceDialog = documentDialog(PERFORMANCE_PROCESS_KEY);
export const ContractSealDialog = documentDialog(CONTRACT_SEAL_PROCESS_KEY);
export const ContractArchiveDialog = documentDialog(CONTRACT_ARCHIVE_PROCESS_KEY);
