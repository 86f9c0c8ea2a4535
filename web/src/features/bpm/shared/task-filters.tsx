import { bpmCalls } from '@erp/contract/modules/bpm';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import '../bpm-texts';

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
  const { t } = useTranslation();
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
          placeholder={t('bpm.processType')}
          aria-label={t('bpm.processType')}
          style={{ width: 160 }}
          options={(conditions.data?.processes ?? []).map((p) => ({ value: p.key, label: p.name }))}
        />
      </Form.Item>
      {showStatus && (
        <Form.Item name="status">
          <Select
            allowClear
            placeholder={t('bpm.status')}
            aria-label={t('bpm.status')}
            style={{ width: 120 }}
            options={(conditions.data?.statuses ?? []).map((s) => ({ value: s.value, label: t(`bpm.status.${s.value}`, { defaultValue: s.name }) }))}
          />
        </Form.Item>
      )}
      {showInitiator && (
        <Form.Item name="initiator">
          <Input allowClear placeholder={t('bpm.initiator')} aria-label={t('bpm.initiator')} maxLength={64} style={{ width: 140 }} />
        </Form.Item>
      )}
      <Form.Item name="range">
        <DatePicker.RangePicker placeholder={[t('bpm.rangeFrom'), t('bpm.rangeTo')]} aria-label={t('bpm.rangeFrom')} />
      </Form.Item>
      <Form.Item name="keyword">
        <Input allowClear placeholder={t('bpm.keyword')} aria-label={t('bpm.keyword')} maxLength={100} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('bpm.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            form.resetFields();
            submit({});
          }}
        >
          {t('bpm.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}

export const STATUS_COLORS: Record<string, string> = {
  running: 'processing',
  returned: 'warning',
  passed: 'success',
  rejected: 'error',
  revoked: 'default',
  terminated: 'default',
};
