import {
  payrollCalls as P,
  type PayMemberRecord,
  payMemberMeta,
  SALARY_PERM,
  type SpecialDeductionRecord,
  specialDeductionMeta,
} from '@erp/contract/modules/salary';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Modal, Select, Space, Tabs } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { EditDeleteActions, ResourceTable, UserSelect, useDictOptions } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { toFen } from '../finance/money';
import { fenColumns, MonthSelect, monthFromNow } from './pay-parts';

type SpecialForm = { userId: number; kind: string; amount: number; fromMonth: number; toMonth?: number | null };

/** 团队成员: the people paid in a month with their pay parameters, and their special additional deductions. */
export default function TeamMembersScreen() {
  const can = useHasAuth();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [month, setMonth] = useState(() => monthFromNow(-1));
  const [editing, setEditing] = useState<SpecialDeductionRecord | 'new' | null>(null);
  const [form] = Form.useForm<SpecialForm>();
  const kinds = useDictOptions('SPECIALDEDUCTION');
  const editable = can(SALARY_PERM.edit);
  const refresh = () => client.invalidateQueries({ queryKey: ['salary', 'special'] });
  const open = (r: SpecialDeductionRecord | 'new') => {
    setEditing(r);
    form.setFieldsValue(
      r === 'new'
        ? { kind: '001', amount: 2000, fromMonth: monthFromNow(0), toMonth: null }
        : { userId: r.userId, kind: r.kind, amount: r.monthlyAmount / 100, fromMonth: r.fromMonth, toMonth: r.toMonth },
    );
  };
  return (
    <ScreenFrame>
      <Tabs
        items={[
          {
            key: 'members',
            label: '团队成员',
            children: (
              <>
                <Space style={{ marginBottom: 12 }}>
                  <MonthSelect value={month} onChange={setMonth} />
                </Space>
                <ResourceTable<PayMemberRecord>
                  meta={payMemberMeta}
                  pageCall={P.memberPage}
                  fixedFilters={{ month }}
                  keyword={{ label: '姓名 / 工号' }}
                  queryKey={['salary', 'members']}
                  columns={fenColumns(payMemberMeta)}
                />
              </>
            ),
          },
          {
            key: 'special',
            label: '专项附加扣除',
            children: (
              <ResourceTable<SpecialDeductionRecord>
                meta={specialDeductionMeta}
                pageCall={P.specialPage}
                keyword={{ label: '姓名 / 工号' }}
                queryKey={['salary', 'special']}
                columns={fenColumns(specialDeductionMeta)}
                toolbar={editable && <Button onClick={() => open('new')}>新增扣除</Button>}
                rowActions={
                  editable
                    ? (r) => (
                        <EditDeleteActions
                          onEdit={() => open(r)}
                          deleteTitle="确认删除该扣除？"
                          remove={() => api(P.specialDelete, { id: r.id })}
                          afterRemove={refresh}
                        />
                      )
                    : undefined
                }
              />
            ),
          },
        ]}
      />
      <Modal
        title={editing === 'new' ? '新增专项附加扣除' : '修改专项附加扣除'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={async () => {
          const v = await form.validateFields();
          await api(P.specialSave, {
            id: editing && editing !== 'new' ? editing.id : null,
            userId: v.userId,
            kind: v.kind as '001',
            monthlyAmount: toFen(v.amount),
            fromMonth: v.fromMonth,
            toMonth: v.toMonth || null,
          });
          message.success('已保存');
          setEditing(null);
          await refresh();
        }}
      >
        <Form form={form} name="specialDeduction" layout="vertical">
          <Form.Item name="userId" label="员工" rules={[{ required: true, message: '请选择员工' }]}>
            <UserSelect initialLabel={editing && editing !== 'new' ? editing.realName : undefined} />
          </Form.Item>
          <Form.Item name="kind" label="扣除项目" rules={[{ required: true, message: '请选择扣除项目' }]}>
            <Select options={(kinds.data ?? []).map((d) => ({ value: d.code, label: d.codeName }))} />
          </Form.Item>
          <Form.Item name="amount" label="每月金额（元）" rules={[{ required: true, message: '请输入每月金额' }]}>
            <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="fromMonth" label="开始月份（yyyymm）" rules={[{ required: true, message: '请输入开始月份' }]}>
            <InputNumber min={200001} max={210012} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="toMonth" label="结束月份（yyyymm，可空）">
            <InputNumber min={200001} max={210012} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </ScreenFrame>
  );
}
