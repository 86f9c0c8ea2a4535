import { EMPLOY_STAGE_NAMES, type OfferRecord, RECRUIT_PERM, recruitCalls } from '@erp/contract/modules/recruit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, message, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { api, download } from '../../app/api/client';
import { Auth } from '../../app/auth/auth';
import { DictTag } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { localTime, yuan } from './shared';

/** Employment after an approved offer: send the offer (preview first), acceptance, checks, entry, and the sent mails. */
export default function EmployScreen() {
  const client = useQueryClient();
  const [stage, setStage] = useState<string>('');
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const list = useQuery({
    queryKey: ['recruit', 'employ', stage, page],
    queryFn: () => api(recruitCalls.employGetPageList, { employStage: stage || undefined, ...page }),
  });
  const sends = useQuery({ queryKey: ['recruit', 'sends'], queryFn: () => api(recruitCalls.offerSendGetPageList, { pageIndex: 1, pageSize: 50 }) });
  const refresh = () => client.invalidateQueries({ queryKey: ['recruit'] });
  const act = async (run: () => Promise<unknown>, done: string) => {
    await run();
    message.success(done);
    await refresh();
  };
  const send = async (r: OfferRecord) => {
    const preview = await api(recruitCalls.employPreviewEmploySendMail, { id: r.id });
    Modal.confirm({
      title: r.sendCount > 0 ? `该Offer已发送过${r.sendCount}次，确认再次发送？` : '发送Offer邮件',
      width: 640,
      okText: r.sendCount > 0 ? '确认再次发送' : '发送',
      content: (
        <div>
          <p>收件人：{preview.to}</p>
          <p>主题：{preview.subject}</p>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', background: '#fafafa', padding: 12 }}>{preview.text}</Typography.Paragraph>
        </div>
      ),
      onOk: () =>
        act(
          () => api(r.sendCount > 0 ? recruitCalls.employSendOfferAgain : recruitCalls.employSendEmployMail, { id: r.id, confirm: r.sendCount > 0 }),
          '已发送',
        ),
    });
  };
  const reason = (title: string, run: (t: string) => Promise<unknown>) => {
    let text = '';
    Modal.confirm({
      title,
      content: <Input.TextArea maxLength={255} onChange={(e) => (text = e.target.value)} placeholder="请填写原因" />,
      onOk: async () => {
        if (!text.trim()) {
          message.warning('请填写原因');
          throw new Error('reason');
        }
        await act(() => run(text.trim()), '已处理');
      },
    });
  };
  return (
    <ScreenFrame>
      <Tabs
        activeKey={stage}
        onChange={(k) => {
          setStage(k);
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
        items={[{ key: '', label: '全部' }, ...Object.entries(EMPLOY_STAGE_NAMES).map(([key, label]) => ({ key, label }))]}
      />
      <Table<OfferRecord>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
        }}
        columns={[
          { title: '候选人', dataIndex: 'candidateName' },
          { title: '岗位', dataIndex: 'positionName' },
          { title: '部门', dataIndex: 'orgName' },
          { title: '月薪', dataIndex: 'monthlySalary', render: (v: number | null, r) => (r.salaryMasked ? '***' : yuan(v)) },
          { title: '入职日期', dataIndex: 'entryDate' },
          { title: '录用阶段', dataIndex: 'employStage', render: (v: string) => <DictTag codeType="EMPLOYSTAGE" value={v} /> },
          { title: '发送次数', dataIndex: 'sendCount', width: 90 },
          {
            title: '操作',
            width: 320,
            render: (_: unknown, r) => {
              const s = r.employStage ?? '';
              const open = ['001', '002', '003', '004', '005'].includes(s);
              return (
                <Auth code={RECRUIT_PERM.employEdit}>
                  <Space size={0} wrap>
                    {open && (
                      <Button type="link" size="small" onClick={() => send(r)}>
                        {r.sendCount > 0 ? '再次发送' : '发送Offer'}
                      </Button>
                    )}
                    {s === '002' && (
                      <Button type="link" size="small" onClick={() => act(() => api(recruitCalls.employAccess, { id: r.id }), '已确认接受')}>
                        候选人接受
                      </Button>
                    )}
                    {s === '003' && (
                      <Button
                        type="link"
                        size="small"
                        onClick={() => act(() => api(recruitCalls.employDeliverStag, { id: r.id, stage: '004' }), '已进入背调体检')}
                      >
                        背调体检
                      </Button>
                    )}
                    {(s === '003' || s === '004') && (
                      <Button
                        type="link"
                        size="small"
                        onClick={() => act(() => api(recruitCalls.employDeliverStag, { id: r.id, stage: '005' }), '已进入待入职')}
                      >
                        待入职
                      </Button>
                    )}
                    {['003', '004', '005'].includes(s) && (
                      <Button type="link" size="small" onClick={() => act(() => api(recruitCalls.employSubmit, { id: r.id }), '已确认入职，已转入职办理')}>
                        确认入职
                      </Button>
                    )}
                    {open && (
                      <>
                        <Button type="link" size="small" onClick={() => reason('标记未入职', (t) => api(recruitCalls.employFail, { id: r.id, reason: t }))}>
                          未入职
                        </Button>
                        <Button
                          type="link"
                          size="small"
                          danger
                          onClick={() => reason('取消录用', (t) => api(recruitCalls.employCancelEmploy, { id: r.id, reason: t }))}
                        >
                          取消录用
                        </Button>
                      </>
                    )}
                  </Space>
                </Auth>
              );
            },
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Offer发送记录
        <Button size="small" style={{ marginLeft: 12 }} onClick={() => download(recruitCalls.offerSendExport, {}, 'Offer发送记录.xlsx')}>
          导出
        </Button>
      </Typography.Title>
      <Table
        rowKey="id"
        size="small"
        dataSource={sends.data?.records ?? []}
        pagination={false}
        columns={[
          { title: '候选人', dataIndex: 'candidateName' },
          { title: '收件人', dataIndex: 'to' },
          { title: '主题', dataIndex: 'subject' },
          { title: '发送人', dataIndex: 'sentByName' },
          { title: '时间', dataIndex: 'sentAt', render: (v: string) => localTime(v) },
        ]}
      />
    </ScreenFrame>
  );
}
