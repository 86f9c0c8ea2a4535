import { employeeCalls, employeeEventMeta } from '@erp/contract/modules/employee';
import { fieldsOf } from '@erp/contract/resource';
import { useQuery } from '@tanstack/react-query';
import { Table, Timeline } from 'antd';
import { api } from '../../../app/api/client';
import { DictTag, renderValue } from '../../../components/resource';

/** 变动记录: the lifecycle events, newest first. */
export function ChangeHistory({ employeeId }: { employeeId: number | null }) {
  const query = useQuery({ queryKey: ['hr', 'events', employeeId], queryFn: () => api(employeeCalls.rosterChangeInfo, { employeeId }) });
  return (
    <Table
      rowKey="id"
      size="small"
      loading={query.isLoading}
      dataSource={query.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '暂无变动记录' }}
      columns={fieldsOf(employeeEventMeta).map(([k, f]) => ({ key: k, dataIndex: k, title: f.label, render: (v: unknown) => renderValue(f, v, k) }))}
    />
  );
}

/** 任职记录: the positions held, as a timeline. */
export function TakeOfficeHistory({ employeeId }: { employeeId: number | null }) {
  const query = useQuery({ queryKey: ['hr', 'offices', employeeId], queryFn: () => api(employeeCalls.rosterTakeOfficeInfo, { employeeId }) });
  if (!query.data?.length) return <div style={{ color: '#888' }}>{query.isLoading ? '加载中…' : '暂无任职记录'}</div>;
  return (
    <Timeline
      items={query.data.map((o) => ({
        key: `${o.startDate}-${o.kind}`,
        color: o.endDate ? 'gray' : 'green',
        content: (
          <div>
            <div>
              <strong>{o.orgName ?? '-'}</strong> · {o.positionName ?? '-'} {o.gradeName ? `· ${o.gradeName}` : ''}{' '}
              <DictTag codeType="EMPEVENT" value={o.kind} />
            </div>
            <div style={{ color: '#888' }}>
              {o.startDate} 至 {o.endDate ?? '今'}
            </div>
          </div>
        ),
      }))}
    />
  );
}
