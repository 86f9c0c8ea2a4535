import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type ClaimDetail,
  type ExpenseInvoice,
  INVOICE_REQUIRED_CATEGORIES,
  MAX_LINES,
  personInvoiceCalls as PI,
  reimburseCalls as RC,
  REIMBURSE_MAX,
} from '@erp/contract/modules/reimburse';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, DatePicker, Empty, Form, Input, InputNumber, Row, Select, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api/client';
import { ScreenFrame } from '../base/screen-frame';
import { fenText, toFen } from '../finance/money';
import { useReimburseLabels } from './labels';

interface LineValues {
  category?: string;
  expenseDate?: Dayjs;
  amount?: number;
  description?: string;
  invoiceIds?: number[];
}
interface Values {
  reason: string;
  projectId?: number | null;
  lines: LineValues[];
}

const valuesOf = (d: ClaimDetail): Values => ({
  reason: d.reason,
  projectId: d.projectId,
  lines: d.lines.map((l) => ({
    category: l.category,
    expenseDate: dayjs(l.expenseDate),
    amount: l.amount / 100,
    description: l.description,
    invoiceIds: l.invoices.map((i) => i.id),
  })),
});

/** /Reimburse/addReimburse (?id= to continue a draft or a sent-back claim). */
export default function AddReimburseScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const { t } = useReimburseLabels();
  const claim = useQuery({ queryKey: ['reimburse', 'claim', id], queryFn: () => api(RC.claimDetail, { id }), enabled: Boolean(id) });
  if (id && claim.isLoading) return <Spin />;
  if (id && !claim.data) return <Alert type="error" title={t('reimburse.claim.missing')} />;
  return <ClaimForm claim={claim.data} />;
}

function ClaimForm({ claim }: { claim?: ClaimDetail }) {
  const { t, kind, categoryOptions } = useReimburseLabels();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [projectKeyword, setProjectKeyword] = useState('');
  const lines = Form.useWatch('lines', form) as LineValues[] | undefined;
  const invoices = useQuery({
    queryKey: ['reimburse', 'invoices', 'available', claim?.id],
    queryFn: () => api(PI.invoicePage, { available: true, forClaimId: claim?.id, pageIndex: 1, pageSize: 500 }),
  });
  const projects = useQuery({
    queryKey: ['reimburse', 'projects', projectKeyword],
    queryFn: () => api(RC.claimProjects, { keyword: projectKeyword || undefined }),
  });
  const byId = new Map<number, ExpenseInvoice>((invoices.data?.records ?? []).map((i) => [i.id, i]));
  const total = (lines ?? []).reduce((a, l) => a + toFen(l?.amount), 0);
  const chosenElsewhere = (index: number) => new Set((lines ?? []).flatMap((l, i) => (i === index ? [] : (l?.invoiceIds ?? []))));
  const editable = !claim || claim.state === 'draft' || claim.state === 'returned';

  const save = useMutation({
    mutationFn: async (submit: boolean) => {
      const v = await form.validateFields();
      return api(RC.claimSave, {
        id: claim?.id,
        reason: v.reason.trim(),
        projectId: v.projectId ?? null,
        submit,
        lines: v.lines.map((l) => ({
          category: l.category as string,
          expenseDate: (l.expenseDate as Dayjs).format('YYYY-MM-DD'),
          amount: toFen(l.amount),
          description: (l.description ?? '').trim(),
          invoiceIds: l.invoiceIds ?? [],
        })),
      });
    },
    onSuccess: async (saved, submit) => {
      message.success(t(submit ? 'reimburse.claim.submitted' : 'reimburse.claim.draftSaved'));
      await client.invalidateQueries({ queryKey: ['reimburse'] });
      navigate(`/Reimburse/reimburseDetails?id=${saved.id}`, { replace: true });
    },
  });
  const cancel = () => {
    if (!form.isFieldsTouched()) return navigate(-1);
    modal.confirm({ title: t('reimburse.claim.cancelConfirm'), onOk: () => navigate(-1) });
  };

  if (!editable) return <Alert type="warning" title="只有草稿或已退回的报销单可以修改" />;
  const invoiceOptions = (index: number) => {
    const taken = chosenElsewhere(index);
    return (invoices.data?.records ?? []).map((i) => ({
      value: i.id,
      disabled: taken.has(i.id),
      label: `${kind(i.kind)} ${i.invoiceNo} · ${i.seller} · ¥${fenText(i.total)}`,
    }));
  };
  const lineRules = (index: number) => ({
    invoices: [
      {
        validator: (_r: unknown, v: number[] | undefined) => {
          const category = form.getFieldValue(['lines', index, 'category']) as string | undefined;
          return !v?.length && category && INVOICE_REQUIRED_CATEGORIES.includes(category)
            ? Promise.reject(new Error(t('reimburse.claim.invoiceNeeded')))
            : Promise.resolve();
        },
      },
    ],
    amount: [
      { required: true, message: '请输入金额' },
      {
        validator: (_r: unknown, v: number | undefined) => {
          const ids = (form.getFieldValue(['lines', index, 'invoiceIds']) as number[] | undefined) ?? [];
          if (v === undefined || !ids.length) return Promise.resolve();
          const sum = ids.reduce((a, i) => a + (byId.get(i)?.total ?? 0), 0);
          return toFen(v) > sum ? Promise.reject(new Error(t('reimburse.claim.overInvoices', { amount: fenText(sum) }))) : Promise.resolve();
        },
      },
    ],
  });

  return (
    <ScreenFrame>
      <Typography.Title level={4}>{claim ? `${t('reimburse.claim.edit')} ${claim.claimNo ?? ''}` : t('reimburse.claim.add')}</Typography.Title>
      {claim?.state === 'returned' && <Alert type="warning" style={{ marginBottom: 12 }} title="该报销单已被退回，请修改后重新提交" />}
      <Form
        form={form}
        name="claimForm"
        layout="vertical"
        initialValues={claim ? valuesOf(claim) : { lines: [{ expenseDate: dayjs(), invoiceIds: [] }] }}
        style={{ maxWidth: 1100 }}
      >
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item name="reason" label={t('reimburse.field.reason')} rules={[{ required: true, whitespace: true, message: '请输入报销事由' }]}>
              <Input maxLength={200} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="projectId" label={t('reimburse.field.project')} extra={t('reimburse.field.projectHint')}>
              <Select
                allowClear
                showSearch={{ filterOption: false, onSearch: setProjectKeyword }}
                loading={projects.isLoading}
                status={projects.isError ? 'error' : undefined}
                notFoundContent={
                  projects.isLoading ? (
                    <Spin size="small" />
                  ) : projects.isError ? (
                    t('reimburse.field.projectsFailed')
                  ) : projectKeyword ? undefined : (
                    t('reimburse.field.noProjects')
                  )
                }
                options={[
                  ...(claim?.projectId && claim.projectName ? [{ value: claim.projectId, label: claim.projectName }] : []),
                  ...(projects.data ?? [])
                    .filter((p) => p.id !== claim?.projectId)
                    .map((p) => ({ value: p.id, label: `${p.projectNo ?? ''} ${p.name}`.trim() })),
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        {!invoices.isLoading && !invoices.data?.records.length && (
          <Alert
            type="info"
            style={{ marginBottom: 12 }}
            title={t('reimburse.claim.noFreeInvoices')}
            action={
              <Button size="small" onClick={() => navigate('/PersonInvoiceFolder/index')}>
                {t('reimburse.claim.goFolder')}
              </Button>
            }
          />
        )}
        <Form.List
          name="lines"
          rules={[
            { validator: (_r, v: unknown[] | undefined) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('reimburse.claim.atLeastOneLine')))) },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <Card
              size="small"
              title={t('reimburse.claim.lines')}
              extra={
                <Button icon={<PlusOutlined />} disabled={fields.length >= MAX_LINES} onClick={() => add({ expenseDate: dayjs(), invoiceIds: [] })}>
                  {t('reimburse.claim.addLine')}
                </Button>
              }
            >
              {!fields.length && <Empty />}
              {fields.map((field, index) => {
                const rules = lineRules(field.name);
                return (
                  <Row
                    key={field.key}
                    gutter={8}
                    align="top"
                    data-testid="claim-line"
                    style={{ borderBottom: '1px dashed var(--ant-color-border, #eee)', marginBottom: 8 }}
                  >
                    <Col xs={12} md={4}>
                      <Form.Item name={[field.name, 'category']} label={t('reimburse.field.category')} rules={[{ required: true, message: '请选择费用类别' }]}>
                        <Select options={categoryOptions} onChange={() => void form.validateFields([['lines', field.name, 'invoiceIds']]).catch(() => null)} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={4}>
                      <Form.Item
                        name={[field.name, 'expenseDate']}
                        label={t('reimburse.field.expenseDate')}
                        rules={[{ required: true, message: '请选择费用日期' }]}
                      >
                        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={3}>
                      <Form.Item
                        name={[field.name, 'amount']}
                        label={t('reimburse.field.amount')}
                        rules={rules.amount}
                        dependencies={[['lines', field.name, 'invoiceIds']]}
                      >
                        <InputNumber min={0.01} max={REIMBURSE_MAX / 100} precision={2} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item
                        name={[field.name, 'description']}
                        label={t('reimburse.field.description')}
                        rules={[{ required: true, whitespace: true, message: '请输入费用说明' }]}
                      >
                        <Input maxLength={200} />
                      </Form.Item>
                    </Col>
                    <Col xs={22} md={7}>
                      <Form.Item name={[field.name, 'invoiceIds']} label={t('reimburse.field.invoices')} rules={rules.invoices}>
                        <Select
                          mode="multiple"
                          aria-label={`${t('reimburse.field.invoices')} ${index + 1}`}
                          placeholder={t('reimburse.claim.pickInvoices')}
                          loading={invoices.isLoading}
                          options={invoiceOptions(field.name)}
                          showSearch={{ optionFilterProp: 'label' }}
                          onChange={(ids: number[]) => {
                            // A line's amount starts as its invoices' total; the user may lower it.
                            const sum = ids.reduce((a, i) => a + (byId.get(i)?.total ?? 0), 0);
                            if (sum && !form.getFieldValue(['lines', field.name, 'amount'])) form.setFieldValue(['lines', field.name, 'amount'], sum / 100);
                            const first = byId.get(ids[0] as number);
                            if (first && !form.getFieldValue(['lines', field.name, 'expenseDate']))
                              form.setFieldValue(['lines', field.name, 'expenseDate'], dayjs(first.invoiceDate));
                          }}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={2} md={1} style={{ paddingTop: 30 }}>
                      <Button
                        type="text"
                        danger
                        aria-label={t('reimburse.claim.removeLine')}
                        icon={<DeleteOutlined />}
                        disabled={fields.length <= 1}
                        onClick={() => remove(field.name)}
                      />
                    </Col>
                  </Row>
                );
              })}
              <Form.ErrorList errors={errors} />
              <Typography.Text strong data-testid="claim-total">
                {t('reimburse.claim.totalOf', { amount: fenText(total) })}
              </Typography.Text>
            </Card>
          )}
        </Form.List>
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" loading={save.isPending && save.variables === true} disabled={save.isPending} onClick={() => save.mutate(true)}>
            {t('reimburse.claim.submit')}
          </Button>
          <Button loading={save.isPending && save.variables === false} disabled={save.isPending} onClick={() => save.mutate(false)}>
            {t('reimburse.claim.saveDraft')}
          </Button>
          <Button onClick={cancel}>{t('reimburse.claim.cancel')}</Button>
        </Space>
      </Form>
    </ScreenFrame>
  );
}
