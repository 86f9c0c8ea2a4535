import { type OfferRecord, RECRUIT_PERM, recruitCalls } from '@erp/contract/modules/recruit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Form, Input, InputNumber, Modal, message, Space, Table, Timeline } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { Auth } from '../../app/auth/auth';
import { DictTag, OrgTreeSelect } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { localTime, yuan } from './shared';

/** Offers: candidates who passed the interviews, their advice (salary required), the approval. */
export default function OfferScreen() {
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const [advising, setAdvising] = useState<OfferRecord | { candidateId: number; candidateName: string } | null>(null);
  const [process, setProcess] = useState<number | null>(null);
  const [form] = Form.useForm();
  const list = useQuery({
    queryKey: ['recruit', 'offers', keyword, page],
    queryFn: () => api(recruitCalls.offerGetPageList, { keyword: keyword || undefined, ...page }),
  });
  const waiting = useQuery({
    queryKey: ['recruit', 'candidates', '040'],
    queryFn: () => api(recruitCalls.candidateGetPageList, { stage: '040', pageIndex: 1, pageSize: 100 }),
  });
  const info = useQuery({
    queryKey: ['recruit', 'process', process],
    queryFn: () => api(recruitCalls.offerGetProcessInfo, { candidateId: process as number }),
    enabled: !!process,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['recruit'] });
  const withOffer = new Set((list.data?.records ?? []).map((o) => o.candidateId));
  const reason = (title: string, run: (r: string) => Promise<unknown>) => {
    let text = '';
    Modal.confirm({
      title,
      content: <Input.TextArea maxLength={255} onChange={(e) => (text = e.target.value)} placeholder="请填写原因" />,
      onOk: async () => {
        if (!text.trim()) {
          message.warning('请填写原因');
          throw new Error('reason');
        }
        await run(text.trim());
        await refresh();
      },
    });
  };
  const rows: Array<OfferRecord | { id: string; candidateId: number; candidateName: string; demandName: string; state: 'none' }> = [
    ...(waiting.data?.records ?? [])
      .filter((c) => !withOffer.has(c.id))
      .map((c) => ({ id: `c${c.id}`, candidateId: c.id, candidateName: c.name, demandName: c.demandName, state: 'none' as const })),
    ...(list.data?.records ?? []),
  ];
  return (
    <ScreenFrame>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search placeholder="候选人、需求或编号" allowClear onSearch={setKeyword} style={{ width: 260 }} />
      </Space>
      <Table
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={rows}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: (list.data?.total ?? 0) + rows.length - (list.data?.records.length ?? 0),
          onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
        }}
        columns={[
          { title: '候选人', dataIndex: 'candidateName' },
          { title: '需求', dataIndex: 'demandName' },
          { title: 'Offer编号', dataIndex: 'documentNo', render: (v?: string | null) => v ?? '—' },
          {
            title: '月薪',
            dataIndex: 'monthlySalary',
            render: (v: number | null | undefined, r) => ('salaryMasked' in r && r.salaryMasked ? '***' : yuan(v ?? null)),
          },
          { title: '入职日期', dataIndex: 'entryDate', render: (v?: string | null) => v ?? '—' },
          {
            title: '审批',
            dataIndex: 'status',
            render: (v: string | undefined, r) => (r.state === 'none' ? '待填写建议' : <DictTag codeType="STATUS" value={v} />),
          },
          {
            title: '操作',
            width: 300,
            render: (_: unknown, r) => (
              <Auth code={RECRUIT_PERM.offerEdit}>
                <Space size={0} wrap>
                  {['none', 'draft', 'rejected', 'revoked'].includes(r.state) && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => {
                        form.resetFields();
                        if ('monthlySalary' in r)
                          form.setFieldsValue({
                            monthlySalary: r.monthlySalary,
                            probationSalary: r.probationSalary,
                            probationMonths: r.probationMonths,
                            advise: r.advise,
                            orgId: r.orgId,
                          });
                        setAdvising(r);
                      }}
                    >
                      Offer建议
                    </Button>
                  )}
                  {['draft', 'rejected', 'revoked'].includes(r.state) && (
                    <Button
                      type="link"
                      size="small"
                      onClick={async () => {
                        await api(recruitCalls.offerTalkSuccess, { candidateId: r.candidateId });
                        message.success('已提交审批');
                        await refresh();
                      }}
                    >
                      沟通成功，提交审批
                    </Button>
                  )}
                  {r.state !== 'approving' && (
                    <>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => reason('候选人放弃', (t) => api(recruitCalls.offerTalkFail, { candidateId: r.candidateId, reason: t }))}
                      >
                        沟通失败
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() => reason('淘汰候选人', (t) => api(recruitCalls.offerCancelCandidate, { candidateId: r.candidateId, reason: t }))}
                      >
                        淘汰
                      </Button>
                    </>
                  )}
                  {r.state !== 'none' && (
                    <Button type="link" size="small" onClick={() => setProcess(r.candidateId)}>
                      审批进度
                    </Button>
                  )}
                </Space>
              </Auth>
            ),
          },
        ]}
      />
      <Modal
        open={!!advising}
        title={`Offer建议 · ${advising?.candidateName ?? ''}`}
        destroyOnHidden
        onCancel={() => setAdvising(null)}
        onOk={async () => {
          const v = await form.validateFields();
          await api(recruitCalls.offerStoreOfferAdvise, {
            ...v,
            candidateId: advising?.candidateId as number,
            entryDate: v.entryDate ? (v.entryDate as Dayjs).format('YYYY-MM-DD') : null,
          });
          message.success('已保存');
          setAdvising(null);
          await refresh();
        }}
      >
        <Form form={form} name="offer-advise" layout="vertical" initialValues={{ probationMonths: 3 }}>
          <Form.Item name="monthlySalary" label="月薪（元）" rules={[{ required: true, message: '请填写月薪' }]}>
            <InputNumber min={0.01} precision={2} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="probationSalary" label="试用期月薪（元）">
            <InputNumber min={0} precision={2} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="probationMonths" label="试用期（月）">
            <InputNumber min={0} max={6} />
          </Form.Item>
          <Form.Item name="entryDate" label="入职日期">
            <DatePicker />
          </Form.Item>
          <Form.Item name="orgId" label="入职部门">
            <OrgTreeSelect />
          </Form.Item>
          <Form.Item name="positionName" label="岗位">
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="advise" label="建议说明">
            <Input.TextArea maxLength={1000} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      <Drawer open={!!process} title="审批进度" onClose={() => setProcess(null)}>
        <Timeline
          items={(info.data?.steps ?? []).map((st) => ({
            color: st.approvalFlag === '1' ? 'green' : st.approvalFlag === '2' ? 'red' : 'blue',
            children: `${localTime(st.at)} ${st.name} · ${st.userName ?? ''}${st.message ? `：${st.message}` : ''}`,
          }))}
        />
      </Drawer>
    </ScreenFrame>
  );
}
