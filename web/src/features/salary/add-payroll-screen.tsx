import { payAccessionCalls as A, payrollCalls as P, type PayAccessionRecord, payAccessionMeta, SALARY_PERM } from '@erp/contract/modules/salary';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { ImportDialog, ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { monthText } from '../finance/money';
import { fenColumns, MonthSelect, monthFromNow } from './pay-parts';

/**
 * 新增工资表: a month's pay-accession data (approved hours and leave per person, other income and
 * deductions uploaded by finance), then the payroll month made from it.
 */
export default function AddPayrollScreen() {
  const can = useHasAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [month, setMonth] = useState(() => monthFromNow(0));
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const runs = useQuery({ queryKey: ['salary', 'runs', 'all'], queryFn: () => api(P.runPage, { pageIndex: 1, pageSize: 36 }) });
  const run = runs.data?.records.find((r) => r.month === month);
  const editable = can(SALARY_PERM.edit);
  const make = async () => {
    setBusy(true);
    try {
      await api(run ? P.compute : P.runAdd, { month });
      message.success(`${monthText(month)}工资表已生成`);
      await client.invalidateQueries({ queryKey: ['salary'] });
      navigate(`/OperateCenter/calculatPreview?month=${month}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ScreenFrame>
      <Space wrap style={{ marginBottom: 12 }}>
        <MonthSelect value={month} onChange={setMonth} />
        {editable && (
          <>
            <Button onClick={() => setImporting(true)} disabled={run?.state === 'closed'}>
              导入核算数据
            </Button>
            <Button type="primary" loading={busy} disabled={run?.state === 'closed'} onClick={make}>
              {run ? '重新生成工资表' : '生成工资表'}
            </Button>
          </>
        )}
      </Space>
      {run?.state === 'closed' && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={`${monthText(month)}工资已关账，不能修改`} />}
      <ResourceTable<PayAccessionRecord>
        meta={payAccessionMeta}
        pageCall={A.getPayAccessionPageList}
        fixedFilters={{ month }}
        keyword={{ label: '姓名 / 工号' }}
        queryKey={['salary', 'accession']}
        columns={fenColumns(payAccessionMeta)}
      />
      <ImportDialog
        open={importing}
        noun="核算数据"
        allOrNothing
        importCall={A.payAccessionUpload}
        templateCall={A.payAccessionTemplate}
        templateName="工资核算导入模板.xlsx"
        hint="每行一人一个月的其他收入和其他扣款（元），覆盖该月原有数据；已关账的月份不能导入"
        onClose={() => setImporting(false)}
        onImported={() => void client.invalidateQueries({ queryKey: ['salary', 'accession'] })}
      />
    </ScreenFrame>
  );
}
