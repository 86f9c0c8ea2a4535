import type { CallDefinition, RequestOf } from '@erp/contract/define';
import { ASSET_PROCESS, applyMeta, assetCalls, inventoryMeta, purchaseMeta } from '@erp/contract/modules/assets';
import { fieldsOf, type ResourceMeta } from '@erp/contract/resource';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Modal, Space, Spin } from 'antd';
import { type ComponentType, useState } from 'react';
import { api } from '../../app/api/client';
import { queryKeys } from '../../app/query-keys';
import { FlowSteps, SignOffDialog } from '../../components/flow';
import { renderValue } from '../../components/resource';
import type { RecordDialogProps } from '../bpm/shared/process-dialogs';
import { useReturnedDocument } from '../hr-documents/returned-document';
import { useDocumentFlow } from '../hr-documents/use-document-flow';
import { fenText } from './shared';

/** A document the process centre shows: its fields, the call reading it by instance, its pass and reject calls. */
export interface RecordKind {
  title: string;
  meta: ResourceMeta<Record<string, unknown>>;
  byBpm: CallDefinition;
  /** Fields in fen. */
  money: string[];
  pass?: CallDefinition;
  reject?: CallDefinition;
  /** The request of `byBpm` for an instance (default `{ processInstanceId }`). */
  byBpmInput?(processInstanceId: number): Record<string, unknown>;
  /** Draws the record instead of the meta's fields (a bill with its lines, say). */
  view?: ComponentType<{ data: Record<string, unknown> }>;
}

const KINDS: Record<string, RecordKind> = {
  [ASSET_PROCESS.purchase]: {
    title: '采购需求',
    meta: purchaseMeta as unknown as ResourceMeta<Record<string, unknown>>,
    byBpm: assetCalls.getPurchaseDetailsByProIns,
    money: ['unitPrice', 'amount'],
  },
  [ASSET_PROCESS.apply]: {
    title: '资产领用申请',
    meta: applyMeta as unknown as ResourceMeta<Record<string, unknown>>,
    byBpm: assetCalls.getClaimApplyInfoByProIns,
    money: [],
  },
  [ASSET_PROCESS.inventory]: {
    title: '资产盘点单',
    meta: inventoryMeta as unknown as ResourceMeta<Record<string, unknown>>,
    byBpm: assetCalls.getInventoryByProIns,
    money: [],
  },
};

/**
 * The process centre's view of an asset document: its fields, its flow and — for the current
 * approver — pass and reject through instance/dealAgency and instance/reject (spec 002).
 */
export function assetDialog(processKey: string) {
  return recordDialog(KINDS[processKey] as RecordKind);
}

/** The dialog of any kernel document (its pass/reject default to instance/dealAgency and instance/reject). */
export function recordDialog(kind: RecordKind) {
  const pass = kind.pass ?? assetCalls.dealAgency;
  const reject = kind.reject ?? assetCalls.rejectAgency;
  return function RecordDialog({ open, mode, processInstanceId, onClose, onDone }: RecordDialogProps) {
    const qc = useQueryClient();
    const { message } = App.useApp();
    const [sign, setSign] = useState<null | 'pass' | 'reject'>(null);
    const record = useQuery({
      queryKey: ['assets', 'byBpm', kind.title, processInstanceId],
      queryFn: () =>
        api(kind.byBpm, (kind.byBpmInput?.(processInstanceId as number) ?? { processInstanceId }) as RequestOf<CallDefinition>) as Promise<
          Record<string, unknown>
        >,
      enabled: open && !!processInstanceId,
    });
    const { steps, taskId, resubmitTaskId, flow } = useDocumentFlow(open ? processInstanceId : null);
    const done = async (text: string) => {
      message.success(text);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['bpm'] }),
        qc.invalidateQueries({ queryKey: queryKeys.bpmTotal }),
        qc.invalidateQueries({ queryKey: ['assets'] }),
      ]);
      onDone?.();
      onClose();
    };
    const returned = useReturnedDocument(resubmitTaskId, done);
    const footer = [];
    if (returned.button) footer.push(returned.button);
    if (mode === 'approve' && taskId)
      footer.push(
        <Button key="pass" type="primary" onClick={() => setSign('pass')}>
          通过
        </Button>,
        <Button key="reject" danger onClick={() => setSign('reject')}>
          驳回
        </Button>,
      );
    footer.push(
      <Button key="close" onClick={onClose}>
        关闭
      </Button>,
    );
    const data = record.data;
    return (
      <Modal open={open} title={`${kind.title}详情`} width="60%" onCancel={onClose} footer={<Space wrap>{footer}</Space>} destroyOnHidden>
        {returned.hint}
        {record.isLoading || !data ? (
          <Spin />
        ) : kind.view ? (
          <div style={{ marginBottom: 16 }}>
            <kind.view data={data} />
          </div>
        ) : (
          <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
            {fieldsOf(kind.meta)
              .filter(([k, f]) => f.export !== false && k !== 'state')
              .map(([k, f]) => (
                <Descriptions.Item key={k} label={f.label}>
                  {kind.money.includes(k) ? fenText(data[k] as number) : renderValue(f, data[k], k)}
                </Descriptions.Item>
              ))}
          </Descriptions>
        )}
        <FlowSteps steps={steps} loading={flow.isLoading} />
        <SignOffDialog
          open={sign !== null}
          mode={sign === 'reject' ? 'reject' : 'pass'}
          onClose={() => setSign(null)}
          onSubmit={(m) =>
            sign === 'reject'
              ? api(reject, { taskId, message: m } as RequestOf<CallDefinition>).then(() => done('已驳回'))
              : api(pass, { taskId, message: m || undefined } as RequestOf<CallDefinition>).then(() => done('已通过'))
          }
        />
      </Modal>
    );
  };
}

export const PurchaseDialog = assetDialog(ASSET_PROCESS.purchase);
export const ApplyDialog = assetDialog(ASSET_PROCESS.apply);
export const InventoryDialog = assetDialog(ASSET_PROCESS.inventory);
