import { type HelpUnanswered, helpCalls } from '@erp/contract/modules/help';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/api/client';
import './help-texts';

/**
 * The questions that found nothing (managers, issue 37): most asked first, each a link to the same
 * search; once an article answers them they are taken off the list.
 */
export function UnansweredQuestions({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const list = useQuery({
    queryKey: ['help', 'unanswered', keyword, page],
    queryFn: () => api(helpCalls.helpUnansweredPage, { ...page, keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
  });
  const remove = async () => {
    await api(helpCalls.helpUnansweredDelete, { ids: selected });
    message.success(t('help.unanswered.removed'));
    setSelected([]);
    await qc.invalidateQueries({ queryKey: ['help', 'unanswered'] });
  };
  return (
    <Modal open title={t('help.unanswered.title')} onCancel={onClose} footer={null} width={860}>
      <p style={{ marginTop: 0 }}>{t('help.unanswered.intro')}</p>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label={t('help.unanswered.search')}
          placeholder={t('help.unanswered.search')}
          allowClear
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, pageIndex: 1 }));
          }}
          style={{ width: 280 }}
        />
        <Popconfirm title={t('help.unanswered.confirmRemove', { count: selected.length })} onConfirm={remove} disabled={!selected.length}>
          <Button disabled={!selected.length} data-testid="help-unanswered-remove">
            {t('help.unanswered.remove')}
          </Button>
        </Popconfirm>
      </Space>
      <Table<HelpUnanswered>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{ emptyText: t('help.unanswered.empty') }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
        }}
        columns={[
          {
            title: t('help.unanswered.question'),
            dataIndex: 'question',
            render: (q: string) => (
              <Link to={`/helpCenter/list?q=${encodeURIComponent(q)}`} onClick={onClose}>
                {q}
              </Link>
            ),
          },
          {
            title: t('help.unanswered.source'),
            dataIndex: 'source',
            width: 90,
            render: (s: HelpUnanswered['source']) => <Tag>{t(`help.unanswered.sources.${s}`)}</Tag>,
          },
          { title: t('help.unanswered.count'), dataIndex: 'askedCount', width: 90, align: 'right' },
          { title: t('help.unanswered.last'), dataIndex: 'lastAskedAt', width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
        ]}
      />
    </Modal>
  );
}
