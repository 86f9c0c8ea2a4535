import { payrollCalls as P, type PayRunRecord, payRunMeta, SALARY_PERM } from '@erp/contract/modules/salary';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { CityRates } from './city-rates';
import { fenColumns } from './pay-parts';

/** 薪资核算: the payroll months with their totals; compute, preview and close a month; the cities' contribution rates. */
export default function SalaryCompScreen() {
  const can = useHasAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<number | null>(null);
  const editable = can(SALARY_PERM.edit);
  const act = async (month: number, call: typeof P.compute | typeof P.close, done: string) => {
    setBusy(month);
    try {
      await api(call, { month });
      message.success(done);
      await client.invalidateQueries({ queryKey: ['salary'] });
    } finally {
      setBusy(null);
    }
  };
  return (
    <ScreenFrame>
      <Tabs
        items={[
          {
            key: 'runs',
            label: '工资表',
            children: (
              <ResourceTable<PayRunRecord>
                meta={payRunMeta}
                pageCall={P.runPage}
                queryKey={['salary', 'runs']}
                columns={fenColumns(payRunMeta)}
                toolbar={editable && <Button onClick={() => navigate('/OperateCenter/addPayroll')}>新增工资表</Button>}
                actionsWidth={230}
                rowActions={(r) => (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => navigate(`/OperateCenter/calculatPreview?month=${r.month}`)}>
                      预览
                    </Button>
                    {editable && r.state === 'open' && (
                      <>
                        <Button type="link" size="small" loading={busy === r.month} onClick={() => act(r.month, P.compute, '已重新核算')}>
                          重新核算
                        </Button>
                        <Popconfirm title={`关账后${r.month}的工资、工时和请假都不能再修改，确认关账？`} onConfirm={() => act(r.month, P.close, '已关账')}>
                          <Button type="link" size="small" danger>
                            关账
                          </Button>
                        </Popconfirm>
                      </>
                    )}
                  </Space>
                )}
              />
            ),
          },
          { key: 'rates', label: '城市社保公积金费率', children: <CityRates editable={editable} /> },
        ]}
      />
    </ScreenFrame>
  );
}
