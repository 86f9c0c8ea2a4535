import { type MsgType, msgCalls, type PublishedMessage } from '@erp/contract/modules/msg';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { Auth } from '../../../app/auth/auth';
import { MSG_TYPE_KEYS } from '../msg-texts';
import '../msg-texts';
import { NoticeForm } from './notice-form';

const STATUS_COLOR: Record<PublishedMessage['status'], string> = { scheduled: 'blue', published: 'green', expired: 'default' };

/** MessageManage: published notices with read counts; publish, edit and withdraw (msg:notice:manage). */
export default function MessageManageScreen() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [filter, setFilter] = useState<{ keyword?: string; msgType?: MsgType }>({});
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const [form, setForm] = useState<{ open: boolean; editing: PublishedMessage | null }>({ open: false, editing: null });
  const list = useQuery({
    queryKey: ['msg', 'manage', filter, page],
    queryFn: () => api(msgCalls.managePage, { ...filter, ...page }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['msg'] });
  };
  const withdraw = useMutation({
    mutationFn: (messageId: number) => api(msgCalls.delete, { messageId, scope: 'all' }),
    onSuccess: () => {
      message.success(t('msg.withdrawn'));
      refresh();
    },
  });
  const scopeLabel = (m: PublishedMessage) =>
    m.receiverScope === 'all'
      ? t('msg.scopeAll')
      : m.receiverScope === 'org'
        ? t('msg.scopeOrg')
        : m.receiverScope === 'roles'
          ? `${t('msg.scopeRoles')}（${m.receiverRoleIds.length}）`
          : `${t('msg.scopeUsers')}（${m.receiverUserIds.length}）`;
  const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

  return (
    <div style={{ padding: 16, background: '#fff' }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('msg.title')}
          maxLength={100}
          onSearch={(v) => {
            setFilter((f) => ({ ...f, keyword: v.trim() || undefined }));
            setPage((p) => ({ ...p, pageIndex: 1 }));
          }}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          placeholder={t('msg.msgType')}
          aria-label={t('msg.msgType')}
          style={{ width: 160 }}
          options={MSG_TYPE_KEYS.map((k) => ({ value: k, label: t(`msg.type${k}`) }))}
          onChange={(v?: MsgType) => {
            setFilter((f) => ({ ...f, msgType: v }));
            setPage((p) => ({ ...p, pageIndex: 1 }));
          }}
        />
        <Auth code="msg:notice:manage">
          <Button type="primary" onClick={() => setForm({ open: true, editing: null })}>
            {t('msg.publish')}
          </Button>
        </Auth>
      </Space>
      <Table<PublishedMessage>
        rowKey="messageId"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 1200 }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
        }}
        columns={[
          {
            title: t('msg.title'),
            dataIndex: 'title',
            render: (v: string, m) => (
              <>
                {m.topFlag === '1' && <Tag color="orange">{t('msg.pin')}</Tag>}
                {v}
              </>
            ),
          },
          { title: t('msg.msgType'), dataIndex: 'msgType', width: 110, render: (v: string) => t(`msg.type${v}`) },
          { title: t('msg.receivers'), key: 'scope', width: 140, render: (_: unknown, m) => scopeLabel(m) },
          { title: t('msg.readCount'), key: 'read', width: 110, render: (_: unknown, m) => `${m.readCount}/${m.receiverCount}` },
          { title: t('msg.publisher'), dataIndex: 'senderName', width: 110 },
          {
            title: t('msg.status'),
            dataIndex: 'status',
            width: 90,
            render: (v: PublishedMessage['status']) => <Tag color={STATUS_COLOR[v]}>{t(`msg.status${v.charAt(0).toUpperCase()}${v.slice(1)}`)}</Tag>,
          },
          { title: t('msg.publishTime'), key: 'publishTime', width: 150, render: (_: unknown, m) => time(m.publishAt ?? m.createTime) },
          { title: t('msg.expireAt'), dataIndex: 'expireAt', width: 150, render: time },
          {
            title: t('msg.actions'),
            key: 'actions',
            width: 140,
            fixed: 'right',
            render: (_: unknown, m) => (
              <Auth code="msg:notice:manage">
                <Space>
                  <Button
                    type="link"
                    size="small"
                    onClick={async () => setForm({ open: true, editing: await api(msgCalls.manageInfo, { messageId: m.messageId }) })}
                  >
                    {t('msg.edit')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => modal.confirm({ title: t('msg.confirmWithdraw'), onOk: () => withdraw.mutateAsync(m.messageId) })}
                  >
                    {t('msg.withdraw')}
                  </Button>
                </Space>
              </Auth>
            ),
          },
        ]}
      />
      <NoticeForm
        open={form.open}
        editing={form.editing}
        onClose={(changed) => {
          setForm({ open: false, editing: null });
          if (changed) refresh();
        }}
      />
    </div>
  );
}
