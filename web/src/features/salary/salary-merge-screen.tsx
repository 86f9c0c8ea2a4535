import { payrollCalls as P, type PayMergeRow } from '@erp/contract/modules/salary';
import { useQuery } from '@tanstack/react-query';
import { Segmented, Space, Table } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { ScreenFrame } from '../base/screen-frame';
import { fenText } from '../finance/money';
import { MonthSelect, monthFromNow } from './pay-parts';

const money = (title: string, key: keyof PayMergeRow) => ({ key, title, dataIndex: key, align: 'right' as const, render: (v: number) => fenText(v) });

/** 薪资合并: a month's payslips merged per department, client company or contribution city, for payment and checks. */
export default function SalaryMergeScreen() {
  const [month, setMonth] = useState(() => monthFromNow(-1));
  const [groupBy, setGroupBy] = useState<'org' | 'client' | 'city'>('org');
  const q = useQuery({ queryKey: ['salary', 'merge', month, groupBy], queryFn: () => api(P.merge, { month, groupBy }) });
  return (
    <ScreenFrame>
      <Space wrap style={{ marginBottom: 12 }}>
        <MonthSelect value={month} onChange={setMonth} />
        <Segmented
          value={groupBy}
          onChange={(v) => setGroupBy(v as typeof groupBy)}
          options={[
            { value: 'org', label: '按部门' },
            { value: 'client', label: '按驻场单位' },
            { value: 'city', label: '按社保城市' },
          ]}
        />
      </Space>
      <Table<PayMergeRow>
        size="small"
        rowKey="key"
        loading={q.isLoading}
        dataSource={q.data?.rows ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          { key: 'name', title: '名称', dataIndex: 'name' },
          { key: 'people', title: '人数', dataIndex: 'people', align: 'right' },
          money('应发工资', 'gross'),
          money('社保（个人）', 'socialInsurance'),
          money('公积金（个人）', 'housingFund'),
          money('个人所得税', 'tax'),
          money('其他扣款', 'otherDeductions'),
          money('实发工资', 'net'),
          money('社保（单位）', 'employerSocialInsurance'),
          money('公积金（单位）', 'employerHousingFund'),
        ]}
        summary={() =>
          q.data ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {q.data.total.people}
              </Table.Summary.Cell>
              {(['gross', 'socialInsurance', 'housingFund', 'tax', 'otherDeductions', 'net', 'employerSocialInsurance', 'employerHousingFund'] as const).map(
                (k, i) => (
                  <Table.Summary.Cell key={k} index={i + 2} align="right">
                    {fenText(q.data.total[k])}
                  </Table.Summary.Cell>
                ),
              )}
            </Table.Summary.Row>
          ) : null
        }
      />
    </ScreenFrame>
  );
}
