import { RECRUIT_PERM, recruitCalls, STAGE_NAMES } from '@erp/contract/modules/recruit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Descriptions, Drawer, Form, Modal, message, Select, Space, Table, Tag, Timeline, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { Auth } from '../../app/auth/auth';
import { DictTag } from '../../components/resource';
import { InterviewerSelect, localTime, PlaceSelect, yuan } from './shared';

/** One candidate: the person, the stage history, interviews (schedule, result) and the offer. */
export function CandidateDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const client = useQueryClient();
  const [scheduling, setScheduling] = useState(false);
  const [form] = Form.useForm();
  const { data } = useQuery({
    queryKey: ['recruit', 'candidate', id],
    queryFn: () => api(recruitCalls.candidateGetCandidateInfo, { id: id as number }),
    enabled: !!id,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['recruit'] });
  const feedback = async (interviewId: number, result: '002' | '003') => {
    await api(recruitCalls.interviewFeedback, { id: interviewId, result });
    await refresh();
  };
  return (
    <Drawer open={!!id} onClose={onClose} size="large" title={data ? `${data.name} · ${data.demandName}` : '候选人'} destroyOnHidden>
      {data && (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="阶段">
              <DictTag codeType="CANDIDATESTAGE" value={data.stage} />
            </Descriptions.Item>
            <Descriptions.Item label="渠道">
              <DictTag codeType="RECRUITSOURCE" value={data.source} />
            </Descriptions.Item>
            <Descriptions.Item label="手机">{data.talent.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{data.talent.email ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="学历">
              <DictTag codeType="EDUCATION" value={data.talent.education} />
            </Descriptions.Item>
            <Descriptions.Item label="工作年限">{data.talent.years ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="期望薪资">{yuan(data.talent.expectedSalary)}</Descriptions.Item>
            <Descriptions.Item label="技能">
              {data.talent.skills.map((s) => (
                <Tag key={s}>{s}</Tag>
              ))}
            </Descriptions.Item>
          </Descriptions>
          <Space wrap>
            <Auth code={RECRUIT_PERM.interviewEdit}>
              <Button type="primary" disabled={!['020', '030'].includes(data.stage)} onClick={() => setScheduling(true)}>
                安排面试
              </Button>
            </Auth>
            <Auth code={RECRUIT_PERM.candidateEdit}>
              <Button
                disabled={data.stage !== '030'}
                onClick={async () => {
                  await api(recruitCalls.interviewEmploy, { candidateId: data.id });
                  message.success('已进入「面试通过」');
                  await refresh();
                }}
              >
                面试通过，进入Offer
              </Button>
              <Button
                onClick={async () => {
                  const link = await api(recruitCalls.candidateGenerateReScreenOutChain, { candidateId: data.id });
                  Modal.info({
                    title: '简历完善链接（7天内有效）',
                    content: <Typography.Paragraph copyable>{`${location.origin}${link.url}`}</Typography.Paragraph>,
                  });
                }}
              >
                生成简历完善链接
              </Button>
            </Auth>
          </Space>
          <div>
            <Typography.Title level={5}>面试</Typography.Title>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={data.interviews}
              columns={[
                { title: '时间', dataIndex: 'startsAt', render: (v: string) => localTime(v) },
                { title: '轮次', dataIndex: 'round', render: (v: string) => <DictTag codeType="INTERVIEWROUND" value={v} /> },
                { title: '面试官', dataIndex: 'interviewerName' },
                { title: '地点', dataIndex: 'placeName' },
                { title: '结果', dataIndex: 'status', render: (v: string) => <DictTag codeType="INTERVIEWSTATE" value={v} /> },
                {
                  title: '操作',
                  render: (_: unknown, r: (typeof data.interviews)[number]) =>
                    r.status === '001' ? (
                      <Space>
                        <Button size="small" type="link" onClick={() => feedback(r.id, '002')}>
                          通过
                        </Button>
                        <Button size="small" type="link" danger onClick={() => feedback(r.id, '003')}>
                          不通过
                        </Button>
                      </Space>
                    ) : (
                      (r.feedback ?? '')
                    ),
                },
              ]}
            />
          </div>
          {data.offer && (
            <Descriptions size="small" title="Offer" column={2} bordered>
              <Descriptions.Item label="编号">{data.offer.documentNo ?? '草稿'}</Descriptions.Item>
              <Descriptions.Item label="月薪">{data.offer.salaryMasked ? '***' : yuan(data.offer.monthlySalary)}</Descriptions.Item>
              <Descriptions.Item label="审批">
                <DictTag codeType="STATUS" value={data.offer.status} />
              </Descriptions.Item>
              <Descriptions.Item label="录用">
                <DictTag codeType="EMPLOYSTAGE" value={data.offer.employStage} />
              </Descriptions.Item>
            </Descriptions>
          )}
          <div>
            <Typography.Title level={5}>阶段记录</Typography.Title>
            <Timeline
              items={data.events.map((e) => ({
                color: e.toStage >= '090' ? 'red' : 'blue',
                children: `${localTime(e.at)} ${e.fromStage ? `${STAGE_NAMES[e.fromStage]} → ` : ''}${STAGE_NAMES[e.toStage]}${e.byName ? ` · ${e.byName}` : ''}${e.reason ? `（${e.reason}）` : ''}`,
              }))}
            />
          </div>
        </Space>
      )}
      <Modal
        open={scheduling}
        title="安排面试"
        destroyOnHidden
        onCancel={() => setScheduling(false)}
        onOk={async () => {
          const v = await form.validateFields();
          const [start, end] = v.range as [Dayjs, Dayjs];
          await api(recruitCalls.interviewSchedule, {
            candidateId: id as number,
            interviewerUserId: v.interviewerUserId,
            placeId: v.placeId ?? null,
            round: v.round ?? '001',
            mode: v.mode ?? '001',
            startsAt: start.toISOString(),
            endsAt: end.toISOString(),
            notify: true,
          });
          message.success('已安排面试，邀请已发送');
          setScheduling(false);
          await refresh();
        }}
      >
        <Form form={form} name="schedule-interview" layout="vertical" initialValues={{ round: '001', mode: '001' }}>
          <Form.Item name="interviewerUserId" label="面试官" rules={[{ required: true, message: '请选择面试官' }]}>
            <InterviewerSelect />
          </Form.Item>
          <Form.Item name="range" label="时间" rules={[{ required: true, message: '请选择面试时间' }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm', minuteStep: 15 }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="placeId" label="地点">
            <PlaceSelect />
          </Form.Item>
          <Space>
            <Form.Item name="round" label="轮次">
              <Select
                style={{ width: 120 }}
                options={[
                  { value: '001', label: '初试' },
                  { value: '002', label: '复试' },
                  { value: '003', label: '终试' },
                ]}
              />
            </Form.Item>
            <Form.Item name="mode" label="方式">
              <Select
                style={{ width: 140 }}
                options={[
                  { value: '001', label: '现场面试' },
                  { value: '002', label: '视频面试' },
                  { value: '003', label: '电话面试' },
                ]}
              />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </Drawer>
  );
}
