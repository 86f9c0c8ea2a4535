import { workOrderCalls } from '@erp/contract/modules/work-order';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { api } from '../../app/api/client';
import { FlowSteps } from '../../components/flow';
import { DictTag, FileGroupField } from '../../components/resource';
import type { RecordDialogProps } from '../bpm/shared/process-dialogs';
import { useDocumentFlow } from '../hr-documents/use-document-flow';

/** The handler's to-do of a work order in the process centre: the order, its flow and the way to the list where it is handled. */
export default function WorkOrderDialog({ open, processInstanceId, onClose }: RecordDialogProps) {
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: ['front', 'workOrder', 'byBpm', processInstanceId],
    queryFn: () => api(workOrderCalls.getWorkOrderByProIns, { processInstanceId: processInstanceId as number }),
    enabled: open && !!processInstanceId,
  });
  const { steps, flow } = useDocumentFlow(open ? processInstanceId : null);
  return (
    <Modal
      open={open}
      title="工单详情"
      width="60%"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="go" type="primary" onClick={() => navigate('/WorkOrderList/index')}>
          去处理
        </Button>,
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      {!data ? (
        <Spin />
      ) : (
        <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="工单号">{data.orderNo}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <DictTag codeType="WOSTATUS" value={data.status} />
          </Descriptions.Item>
          <Descriptions.Item label="标题">{data.title}</Descriptions.Item>
          <Descriptions.Item label="优先级">
            <DictTag codeType="WOPRIORITY" value={data.priority} />
          </Descriptions.Item>
          <Descriptions.Item label="报修人">{data.reporterName}</Descriptions.Item>
          <Descriptions.Item label="地点">{data.place || '-'}</Descriptions.Item>
          <Descriptions.Item label="问题描述" span={2}>
            {data.description}
          </Descriptions.Item>
          {data.fileGroupId && (
            <Descriptions.Item label="附件" span={2}>
              <FileGroupField value={data.fileGroupId} moduleName="workOrder" readOnly />
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      <FlowSteps steps={steps} loading={flow.isLoading} />
    </Modal>
  );
}
