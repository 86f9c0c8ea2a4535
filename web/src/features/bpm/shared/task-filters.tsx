import { bpmCalls } from '@erp/contract/modules/bpm';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { api } from '../../../app/api/client';

export interface TaskFilterValues {
  processKey?: string;
  initiator?: string;
  keyword?: string;
  startTimeBegin?: string;
  startTimeEnd?: string;
  status?: string;
}

interface FormValues {
  processKey?: string;
  initiator?: string;
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  status?: string;
}

export function useListConditions() {
  return useQuery({ queryKey: ['bpm', 'conditions'], queryFn: () => api(bpmCalls.getQueryListCondition, {}), staleTime: 60_000 });
}

/** The search bar of the process-centre lists: process type, initiator, start time range, keyword. */
export function TaskFilters({
  onSearch,
  showInitiator = true,
  showStatus = false,
}: {
  onSearch(v: TaskFilterValues): void;
  showInitiator?: boolean;
  showStatus?: boolean;
}) {
  const [form] = Form.useForm<FormValues>();
  const conditions = useListConditions();
  const submit = (v: FormValues) =>
    onSearch({
      processKey: v.processKey || undefined,
      initiator: v.initiator?.trim() || undefined,
      keyword: v.keyword?.trim() || undefined,
      status: v.status || undefined,
      startTimeBegin: v.range?.[0]?.format('YYYY-MM-DD'),
      startTimeEnd: v.range?.[1]?.format('YYYY-MM-DD'),
    });
  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 8, marginBottom: 12 }}>
      <Form.Item name="processKey">
        <Select
          allowClear
          placeholder="流程类型"
          style={{ width: 160 }}
          options={(conditions.data?.processes ?? []).map((p) => ({ value: p.key, label: p.name }))}
        />
      </Form.Item>
      {showStatus && (
        <Form.Item name="status">
          <Select
            allowClear
            placeholder="状态"
            style={{ width: 120 }}
            options={(conditions.data?.statuses ?? []).map((s) => ({ value: s.value, label: s.name }))}
          />
        </Form.Item>
      )}
      {showInitiator && (
        <Form.Item name="initiator">
          <Input allowClear placeholder="发起人" maxLength={64} style={{ width: 140 }} />
        </Form.Item>
      )}
      <Form.Item name="range">
        <DatePicker.RangePicker placeholder={['发起开始', '发起结束']} />
      </Form.Item>
      <Form.Item name="keyword">
        <Input allowClear placeholder="标题 / 流程 / 节点" maxLength={100} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            form.resetFields();
            submit({});
          }}
        >
          重置
        </Button>
      </Form.Item>
    </Form>
  );
}

export const STATUS_COLORS: Record<string, string> = { running: 'processing', returned: 'warning', passed: 'success', rejected: 'error', revoked: 'default' };
export const STATUS_NAMES: Record<string, string> = { running: '审批中', returned: '已退回', passed: '已通过', rejected: '已驳回', revoked: '已撤回' };
export const OUTCOME_NAMES: Record<string, string> = { pass: '通过', reject: '驳回', rollback: '退回', resubmit: '重新提交' };
