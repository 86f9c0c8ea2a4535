import { baseInfoMeta, employeeCalls, sectionMetas } from '@erp/contract/modules/employee';
import type { FieldMeta } from '@erp/contract/resource';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Skeleton } from 'antd';
import { api } from '../../../app/api/client';
import { DictTag, renderValue } from '../../../components/resource';
import type { RecordDialogProps } from '../../bpm/shared/process-dialogs';
import RequestDialog from '../../bpm/shared/request-dialog';
import { changeLabel } from './change-label';

function fieldsOf(section: string): Record<string, FieldMeta | undefined> {
  if (section === 'base') return baseInfoMeta.fields as Record<string, FieldMeta | undefined>;
  const meta = (sectionMetas as Record<string, { fields: Record<string, FieldMeta | undefined> } | undefined>)[section];
  return meta?.fields ?? {};
}

/** What an employee asked HR to change, field by field, as the approver reads it before deciding. */
export function ChangeRequestDetail({ instanceId }: { instanceId: number }) {
  const detail = useQuery({
    queryKey: ['hr', 'changeRequest', instanceId],
    queryFn: () => api(employeeCalls.changeRequestDetail, { id: null, instanceId }),
  });
  if (detail.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!detail.data) return <Alert type="warning" title="变更申请不存在或无权查看" showIcon />;
  const r = detail.data;
  const fields = fieldsOf(r.section);
  const changed = Object.entries(r.changes).filter(([k]) => fields[k] && !fields[k]?.hideInForm);
  return (
    <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }} data-testid="change-request-detail">
      <Descriptions.Item label="单号">{r.documentNo}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <DictTag codeType="STATUS" value={r.status} />
      </Descriptions.Item>
      <Descriptions.Item label="员工">{r.employeeName}</Descriptions.Item>
      <Descriptions.Item label="变更内容">{changeLabel(r)}</Descriptions.Item>
      {changed.map(([key, value]) => {
        const field = fields[key] as FieldMeta;
        return (
          <Descriptions.Item key={key} label={field.label}>
            {renderValue(field, value, key)}
          </Descriptions.Item>
        );
      })}
    </Descriptions>
  );
}

/** An employee-information change request (EmployeeInfo_Process): the change above the flow. */
export default function ChangeRequestDialog(props: RecordDialogProps) {
  return <RequestDialog {...props} body={props.processInstanceId ? <ChangeRequestDetail instanceId={props.processInstanceId} /> : null} />;
}
