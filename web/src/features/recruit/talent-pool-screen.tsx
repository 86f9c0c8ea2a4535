import { RECRUIT_PERM, recruitCalls, type TalentRecord } from '@erp/contract/modules/recruit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, message, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { Auth } from '../../app/auth/auth';
import { DictTag } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { DemandSelect, useDictSelect, yuan } from './shared';
import { TalentUpload } from './talent-upload';

type Filters = {
  keyword?: string;
  skill?: string;
  city?: string;
  education?: string;
  yearsMin?: number;
  yearsMax?: number;
  salaryMin?: number;
  salaryMax?: number;
  source?: string;
  tag?: string;
};

/** The talent pool: full-text search over résumés with filters, tags, duplicates flagged, add to a demand. */
export default function TalentPoolScreen() {
  const client = useQueryClient();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const [toDemand, setToDemand] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const education = useDictSelect('EDUCATION');
  const sources = useDictSelect('RECRUITSOURCE');
  const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Filters;
  const { data, isFetching } = useQuery({
    queryKey: ['recruit', 'talents', clean, page],
    queryFn: () => api(recruitCalls.talentPage, { ...clean, ...page }),
  });
  const share = async (t: TalentRecord) => {
    const link = await api(recruitCalls.talentPreviewLink, { id: t.id });
    Modal.info({
      title: `简历分享链接（${new Date(link.expiresAt).toLocaleString('zh-CN', { hour12: false })} 前有效）`,
      content: <Typography.Paragraph copyable>{`${location.origin}${location.pathname}${link.url.replace(/^\//, '')}`}</Typography.Paragraph>,
    });
  };
  return (
    <ScreenFrame>
      <Form
        form={form}
        name="talent-search"
        layout="inline"
        onFinish={(v) => {
          setFilters(v);
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
        style={{ rowGap: 8, marginBottom: 12 }}
      >
        <Form.Item name="keyword">
          <Input.Search placeholder="搜索简历全文：技能、公司、岗位…" allowClear style={{ width: 280 }} onSearch={() => form.submit()} />
        </Form.Item>
        <Form.Item name="skill">
          <Input placeholder="技能" allowClear style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="city">
          <Input placeholder="城市" allowClear style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="education">
          <Select placeholder="最低学历" aria-label="最低学历" allowClear style={{ width: 120 }} options={education} />
        </Form.Item>
        <Form.Item name="yearsMin">
          <InputNumber placeholder="年限≥" min={0} max={60} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="yearsMax">
          <InputNumber placeholder="年限≤" min={0} max={60} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="salaryMin">
          <InputNumber placeholder="期望薪资≥" min={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="salaryMax">
          <InputNumber placeholder="期望薪资≤" min={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="source">
          <Select placeholder="渠道" aria-label="渠道" allowClear style={{ width: 130 }} options={sources} />
        </Form.Item>
        <Form.Item name="tag">
          <Input placeholder="标签" allowClear style={{ width: 100 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            setFilters({});
          }}
        >
          重置
        </Button>
      </Form>
      <Space style={{ marginBottom: 8 }}>
        <Auth code={RECRUIT_PERM.talentEdit}>
          <Button type="primary" onClick={() => setCreating(true)}>
            新增人才
          </Button>
        </Auth>
        <Auth code={RECRUIT_PERM.candidateEdit}>
          <Button disabled={!selected.length} onClick={() => setAdding(true)}>
            加入需求（{selected.length}）
          </Button>
        </Auth>
      </Space>
      <Table<TalentRecord>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.records ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => (n >= 10000 ? '超过 10,000 条' : `共 ${n} 条`),
          onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
        }}
        expandable={{ expandedRowRender: (r) => <Typography.Text type="secondary">{r.snippet ?? '—'}</Typography.Text>, rowExpandable: (r) => !!r.snippet }}
        columns={[
          {
            title: '姓名',
            dataIndex: 'name',
            render: (v: string, r) => (
              <Space>
                {v}
                {r.tags.map((t) => (
                  <Tag key={t} color={t === '疑似重复' ? 'orange' : 'blue'}>
                    {t}
                  </Tag>
                ))}
              </Space>
            ),
          },
          { title: '当前职位', dataIndex: 'currentTitle' },
          { title: '公司', dataIndex: 'currentCompany' },
          { title: '城市', dataIndex: 'city', width: 80 },
          { title: '学历', dataIndex: 'education', width: 100, render: (v: string) => <DictTag codeType="EDUCATION" value={v} /> },
          { title: '年限', dataIndex: 'years', width: 70 },
          { title: '期望月薪', dataIndex: 'expectedSalary', width: 120, render: (v: number | null) => yuan(v) },
          { title: '技能', dataIndex: 'skills', render: (v: string[]) => v.slice(0, 4).join('、') },
          { title: '渠道', dataIndex: 'source', width: 110, render: (v: string) => <DictTag codeType="RECRUITSOURCE" value={v} /> },
          { title: '进行中', dataIndex: 'activeCandidates', width: 80 },
          {
            title: '操作',
            width: 100,
            render: (_: unknown, r) =>
              r.hasResume ? (
                <Button type="link" size="small" onClick={() => share(r)}>
                  分享简历
                </Button>
              ) : null,
          },
        ]}
      />
      <TalentUpload
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={async () => {
          setCreating(false);
          message.success('已保存');
          await client.invalidateQueries({ queryKey: ['recruit'] });
        }}
      />
      <Modal
        open={adding}
        title="加入需求"
        okButtonProps={{ disabled: !toDemand }}
        onCancel={() => setAdding(false)}
        onOk={async () => {
          const r = await api(recruitCalls.candidateAdd, { demandId: toDemand as number, talentIds: selected });
          message.success(`已加入 ${r.added} 人${r.skipped ? `，${r.skipped} 人已在该需求中` : ''}`);
          setAdding(false);
          setSelected([]);
          await client.invalidateQueries({ queryKey: ['recruit'] });
        }}
      >
        <DemandSelect value={toDemand} onChange={setToDemand} style={{ width: '100%' }} />
      </Modal>
    </ScreenFrame>
  );
}
