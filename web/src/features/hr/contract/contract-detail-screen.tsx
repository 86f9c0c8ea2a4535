import type { CallDefinition, RequestOf } from '@erp/contract/define';
import { useQuery } from '@tanstack/react-query';
import { App, Card, Result, Space, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { api } from '../../../app/api/client';
import { FlowSteps } from '../../../components/flow';
import { DictTag } from '../../../components/resource';
import { ScreenFrame } from '../../base/screen-frame';
import { DOCUMENT_KINDS, DocumentFields, type DocumentKind, useDocumentActions } from '../../hr-documents/document-dialog';
import { CONTRACT_REQUESTS, type ContractRequestKind } from './contract-kinds';

/** 用印详情 / 合同归档详情: the request, its contract file, its flow and — for the approver — pass, send back, reject. */
function ContractDetail({ which }: { which: ContractRequestKind }) {
  const request = CONTRACT_REQUESTS[which];
  const kind = DOCUMENT_KINDS[request.processKey] as DocumentKind;
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const record = useQuery({
    queryKey: ['hrDocuments', which, 'detail', id],
    queryFn: () => api(request.calls.select as CallDefinition, { id } as RequestOf<CallDefinition>) as Promise<Record<string, unknown>>,
    enabled: !!id,
  });
  const r = record.data;
  const actions = useDocumentActions(request.processKey, (r?.processInstanceId as number | null | undefined) ?? null, (text) => {
    message.success(text);
    void record.refetch();
  });
  if (!id) return <Result status="404" title={`未指定${request.title}`} />;
  if (record.isLoading) return <Spin style={{ margin: 48 }} />;
  if (!r) return <Result status="404" title={`${request.title}不存在`} />;
  return (
    <ScreenFrame>
      <Space direction="vertical" style={{ width: '100%' }} size={16} data-testid="contract-detail">
        <Card
          title={`${String(r.employeeName)} ${request.title} ${String(r.documentNo)}`}
          extra={
            <Space>
              <DictTag codeType="STATUS" value={String(r.status)} />
              {actions.buttons}
              {actions.resubmit}
            </Space>
          }
        >
          {actions.hint}
          <DocumentFields kind={kind} record={r} />
        </Card>
        <Card title="审批流程">
          <FlowSteps steps={actions.steps} loading={actions.flowLoading} />
        </Card>
      </Space>
      {actions.signOff}
    </ScreenFrame>
  );
}

export const ContractSealDetailScreen = () => <ContractDetail which="seal" />;
export const ContractArchiveDetailScreen = () => <ContractDetail which="archive" />;
