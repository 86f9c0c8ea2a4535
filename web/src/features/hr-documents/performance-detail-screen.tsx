import { type PerformanceRecord, performanceCalls } from '@erp/contract/modules/hr-documents';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Input, InputNumber, Popconfirm, Result, Space, Spin, Table } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api/client';
import { FlowSteps } from '../../components/flow';
import { DictTag } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { useDocumentFlow } from './use-document-flow';

/** 绩效评估详情: the evaluation, its flow, and — for the current approver — scoring or approval. */
export default function PerformanceDetailScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const processInstanceId = Number(params.get('processInstanceId')) || undefined;
  const record = useQuery({
    queryKey: ['hrDocuments', 'performance', 'detail', id, processInstanceId],
    queryFn: () => api(performanceCalls.performanceSelect, { id, processInstanceId }),
    enabled: !!(id || processInstanceId),
  });
  const r = record.data;
  const { steps, taskId, nodeId, flow } = useDocumentFlow(r?.processInstanceId);
  if (!id && !processInstanceId) return <Result status="404" title="未指定绩效考核" />;
  if (record.isLoading) return <Spin style={{ margin: 48 }} />;
  if (!r) return <Result status="404" title="绩效考核不存在" />;
  return (
    <ScreenFrame>
      <Space direction="vertical" style={{ width: '100%' }} size={16}>
        <Card title={`${r.employeeName} ${r.period} ${r.periodType === '001' ? '月度' : '年度'}绩效`} extra={<DictTag codeType="STATUS" value={r.status} />}>
          <Descriptions column={{ xs: 1, md: 3 }} size="small">
            <Descriptions.Item label="单据编号">{r.documentNo}</Descriptions.Item>
            <Descriptions.Item label="部门">{r.orgName}</Descriptions.Item>
            <Descriptions.Item label="工号">{r.employeeCode}</Descriptions.Item>
            <Descriptions.Item label="自评分">{r.selfScore}</Descriptions.Item>
            <Descriptions.Item label="评分">
              <span data-testid="judge-score">{r.judgeScore ?? '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="等级">{r.grade ? <DictTag codeType="PERFGRADE" value={r.grade} /> : '-'}</Descriptions.Item>
            <Descriptions.Item label="评分人">{r.judgeUserName || '-'}</Descriptions.Item>
            <Descriptions.Item label="评语" span={2}>
              {r.judgeComment || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="自评总结" span={3}>
              {r.selfSummary}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <ItemsAndActions record={r} taskId={taskId} judging={!!nodeId?.startsWith('judge')} onDone={() => Promise.all([record.refetch(), flow.refetch()])} />
        <Card title="审批流程">
          <FlowSteps steps={steps} loading={flow.isLoading} />
        </Card>
      </Space>
    </ScreenFrame>
  );
}

function ItemsAndActions({
  record,
  taskId,
  judging,
  onDone,
}: {
  record: PerformanceRecord;
  taskId: number | null;
  judging: boolean;
  onDone: () => Promise<unknown>;
}) {
  const [scores, setScores] = useState<Array<number | null>>(() => record.items.map((i) => i.judgeScore ?? i.selfScore));
  const [comment, setComment] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const { message: toast } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      await qc.invalidateQueries({ queryKey: ['hrDocuments'] });
      await qc.invalidateQueries({ queryKey: ['bpm'] });
      await onDone();
    } finally {
      setBusy(false);
    }
  };
  const columns = [
    { title: '考核项', dataIndex: 'name' },
    { title: '权重', dataIndex: 'weight', render: (w: number) => `${w}%` },
    { title: '目标', dataIndex: 'target' },
    { title: '自评分', dataIndex: 'selfScore' },
    {
      title: '评分',
      key: 'judge',
      render: (_: unknown, _row: PerformanceRecord['items'][number], k: number) =>
        taskId && judging ? (
          <InputNumber
            min={0}
            max={100}
            value={scores[k]}
            data-testid={`judge-score-${k}`}
            onChange={(v) => setScores((s) => s.map((x, j) => (j === k ? v : x)))}
          />
        ) : (
          (record.items[k]?.judgeScore ?? '-')
        ),
    },
  ];
  return (
    <Card title="考核项">
      <Table rowKey={(_, k) => String(k)} size="small" pagination={false} columns={columns} dataSource={record.items} />
      {taskId && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
          {judging && (
            <Input.TextArea
              rows={2}
              maxLength={500}
              placeholder="评语（必填）"
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              data-testid="judge-comment"
            />
          )}
          <Input.TextArea rows={2} maxLength={200} placeholder="签字意见（驳回时必填）" value={message} onChange={(e) => setMessage(e.target.value)} />
          <Space wrap>
            {judging ? (
              <Button
                type="primary"
                loading={busy}
                data-testid="judge-submit"
                disabled={!comment.trim() || scores.some((s) => s === null)}
                onClick={() =>
                  run(
                    () =>
                      api(performanceCalls.performanceJudgeApproval, {
                        taskId,
                        scores: scores as number[],
                        comment: comment.trim(),
                        message: message.trim() || undefined,
                      }),
                    '评分已提交',
                  )
                }
              >
                评分并通过
              </Button>
            ) : (
              <Button
                type="primary"
                loading={busy}
                data-testid="perf-pass"
                onClick={() => run(() => api(performanceCalls.performancePass, { taskId, message: message.trim() || undefined }), '已通过')}
              >
                通过
              </Button>
            )}
            <Button
              loading={busy}
              onClick={() => run(() => api(performanceCalls.performanceRollback, { taskId, sort: 0, message: message.trim() || undefined }), '已退回')}
            >
              退回员工
            </Button>
            <Popconfirm
              title="确认驳回？驳回后流程结束"
              onConfirm={() =>
                message.trim()
                  ? run(() => api(performanceCalls.performanceReject, { taskId, message: message.trim() }), '已驳回')
                  : toast.warning('请输入签字意见')
              }
            >
              <Button danger loading={busy}>
                驳回
              </Button>
            </Popconfirm>
          </Space>
        </Space>
      )}
      <Button type="link" style={{ paddingLeft: 0, marginTop: 8 }} onClick={() => navigate('/PerformanceManagement/index')}>
        返回绩效列表
      </Button>
    </Card>
  );
}
