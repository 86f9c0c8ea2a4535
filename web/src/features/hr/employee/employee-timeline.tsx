import { employeeCalls, TIMELINE_KIND_NAMES, type TimelineEntry } from '@erp/contract/modules/employee';
import { useQuery } from '@tanstack/react-query';
import { Empty, Segmented, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../app/api/client';

const COLORS: Record<TimelineEntry['kind'], string> = {
  lifecycle: 'blue',
  performance: 'purple',
  certificate: 'green',
  award: 'gold',
  asset: 'cyan',
  leave: 'orange',
};

/**
 * 员工时间线 (issue 39): a person's events newest first — lifecycle with before and after,
 * performance, certificates, rewards, assets, leave — each with the document behind it; filtered by kind.
 */
export function EmployeeTimeline({ employeeId }: { employeeId: number | null }) {
  const query = useQuery({ queryKey: ['hr', 'timeline', employeeId], queryFn: () => api(employeeCalls.rosterTimeline, { employeeId }) });
  const [kind, setKind] = useState<TimelineEntry['kind'] | 'all'>('all');
  if (query.isLoading) return <Spin />;
  const all = query.data ?? [];
  const kinds = [...new Set(all.map((e) => e.kind))];
  const shown = kind === 'all' ? all : all.filter((e) => e.kind === kind);
  return (
    <div data-testid="employee-timeline">
      {kinds.length > 1 && (
        <Segmented
          style={{ marginBottom: 12 }}
          value={kind}
          onChange={(v) => setKind(v as TimelineEntry['kind'] | 'all')}
          options={[{ value: 'all', label: '全部' }, ...kinds.map((k) => ({ value: k, label: TIMELINE_KIND_NAMES[k] }))]}
        />
      )}
      {shown.length ? (
        <Timeline
          items={shown.map((e, i) => ({
            key: `${e.date}-${e.kind}-${i}`,
            color: COLORS[e.kind],
            content: (
              <div>
                <Space wrap>
                  <Typography.Text type="secondary">{e.date}</Typography.Text>
                  <Tag color={COLORS[e.kind]}>{TIMELINE_KIND_NAMES[e.kind]}</Tag>
                  {e.link ? <Link to={e.link}>{e.title}</Link> : <strong>{e.title}</strong>}
                  {e.documentNo && <Typography.Text type="secondary">{e.documentNo}</Typography.Text>}
                </Space>
                {e.detail && <div style={{ color: '#555' }}>{e.detail}</div>}
              </div>
            ),
          }))}
        />
      ) : (
        <Empty description="暂无记录" />
      )}
    </div>
  );
}
