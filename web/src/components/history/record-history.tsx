import { type HistoryEntry, type HistoryKind, historyCalls } from '@erp/contract/modules/history';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, download } from '../../app/api/client';
import { renderValue } from '../resource';
import './history-texts';

const TYPE_COLORS: Record<HistoryEntry['type'], string> = { created: 'green', changed: 'blue', deleted: 'red', approval: 'orange' };

const stamp = (at: string) => renderValue({ label: '', valueType: 'datetime' }, at, 'at');

/**
 * 操作记录 of a record (issue 34 §4): who changed which field from what to what and when, with the
 * approval steps of its requests, newest first; exportable. Masked as the record is for the reader.
 */
export function RecordHistory({ kind, id }: { kind: HistoryKind; id: number }) {
  // Read again whenever the tab shows: the record may have changed since (an approval, another tab).
  const { t } = useTranslation();
  const history = useQuery({ queryKey: ['history', kind, id], queryFn: () => api(historyCalls.list, { kind, id }), refetchOnMount: 'always' });
  if (history.isLoading) return <Spin />;
  const entries = history.data ?? [];
  return (
    <div data-testid="record-history">
      <Space style={{ marginBottom: 12 }}>
        <Button size="small" disabled={!entries.length} onClick={() => void download(historyCalls.export, { kind, id }, t('history.fileName', { id }))}>
          {t('history.export')}
        </Button>
      </Space>
      {entries.length ? (
        <Timeline
          items={entries.map((e, i) => ({
            key: `${e.at}-${i}`,
            color: TYPE_COLORS[e.type],
            content: (
              <div>
                <Space wrap>
                  <Typography.Text type="secondary">{stamp(e.at)}</Typography.Text>
                  <span>{e.userName ?? t('history.system')}</span>
                  <Tag color={TYPE_COLORS[e.type]}>{e.type === 'approval' ? e.action : t(`history.${e.type}`)}</Tag>
                  {e.part && <Typography.Text strong>{e.part}</Typography.Text>}
                </Space>
                {e.changes.map((c) => (
                  <div key={c.field} className="history-change">
                    {c.label}：{c.from ?? t('history.blank')} → {c.to ?? t('history.blank')}
                  </div>
                ))}
                {e.comment && <div>{t('history.comment', { comment: e.comment })}</div>}
              </div>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />
      )}
    </div>
  );
}
