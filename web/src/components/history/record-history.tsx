import { type HistoryEntry, type HistoryKind, historyCalls } from '@erp/contract/modules/history';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { api, download } from '../../app/api/client';
import { renderValue } from '../resource';

const TYPE_TAGS: Record<HistoryEntry['type'], [string, string]> = {
  created: ['green', '创建'],
  changed: ['blue', '修改'],
  approval: ['orange', '审批'],
};

const stamp = (at: string) => renderValue({ label: '', valueType: 'datetime' }, at, 'at');

/**
 * 操作记录 of a record (issue 34 §4): who changed which field from what to what and when, with the
 * approval steps of its requests, newest first; exportable. Masked as the record is for the reader.
 */
export function RecordHistory({ kind, id }: { kind: HistoryKind; id: number }) {
  // Read again whenever the tab shows: the record may have changed since (an approval, another tab).
  const history = useQuery({ queryKey: ['history', kind, id], queryFn: () => api(historyCalls.list, { kind, id }), refetchOnMount: 'always' });
  if (history.isLoading) return <Spin />;
  const entries = history.data ?? [];
  return (
    <div data-testid="record-history">
      <Space style={{ marginBottom: 12 }}>
        <Button size="small" disabled={!entries.length} onClick={() => void download(historyCalls.export, { kind, id }, `操作记录-${id}.xlsx`)}>
          导出
        </Button>
      </Space>
      {entries.length ? (
        <Timeline
          items={entries.map((e, i) => ({
            key: `${e.at}-${i}`,
            color: TYPE_TAGS[e.type][0],
            content: (
              <div>
                <Space wrap>
                  <Typography.Text type="secondary">{stamp(e.at)}</Typography.Text>
                  <span>{e.userName ?? '系统'}</span>
                  <Tag color={TYPE_TAGS[e.type][0]}>{e.type === 'approval' ? e.action : TYPE_TAGS[e.type][1]}</Tag>
                </Space>
                {e.changes.map((c) => (
                  <div key={c.field} className="history-change">
                    {c.label}：{c.from ?? '（空）'} → {c.to ?? '（空）'}
                  </div>
                ))}
                {e.comment && <div>意见：{e.comment}</div>}
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无操作记录" />
      )}
    </div>
  );
}
