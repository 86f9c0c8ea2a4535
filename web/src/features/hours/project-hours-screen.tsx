import { financeProjectCalls } from '@erp/contract/modules/finance-project';
import { functionHourCalls as F, HOURS_PERM, type HourSheetRecord, hourSheetMeta } from '@erp/contract/modules/hours-pay';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { ImportDialog, ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';

/** 项目工时: the submitted timesheets of the projects in scope, their export, and the import of a project's month. */
export default function ProjectHoursScreen() {
  const can = useHasAuth();
  const client = useQueryClient();
  const [projectId, setProjectId] = useState<number | null>(null);
  const [month, setMonth] = useState<Dayjs | null>(null);
  const [importing, setImporting] = useState(false);
  const projects = useQuery({ queryKey: ['hours', 'projectOptions'], queryFn: () => api(financeProjectCalls.getProjectList, { phase: '002' }) });
  const ym = month ? month.year() * 100 + month.month() + 1 : undefined;
  return (
    <ScreenFrame>
      <ResourceTable<HourSheetRecord>
        meta={hourSheetMeta}
        pageCall={F.selectProjectHourPage}
        exportCall={F.hourDownload}
        exportName="项目工时.xlsx"
        queryKey={['hours', 'project']}
        fixedFilters={{ projectId: projectId ?? undefined, month: ym }}
        toolbar={
          <Space wrap>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="全部项目"
              aria-label="项目"
              style={{ width: 260 }}
              value={projectId ?? undefined}
              onChange={(v) => setProjectId(v ?? null)}
              options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.projectNo ?? ''} ${p.name}` }))}
            />
            <DatePicker picker="month" placeholder="全部月份" aria-label="月份" value={month} onChange={(v) => setMonth(v ? v.startOf('month') : null)} />
            {can(HOURS_PERM.hourImport) && (
              <Button disabled={!projectId || !ym} title="请先选择项目和月份" onClick={() => setImporting(true)}>
                导入工时
              </Button>
            )}
          </Space>
        }
      />
      {projectId && ym && (
        <ImportDialog
          open={importing}
          noun="工时"
          allOrNothing
          importCall={F.importProjectWorkHour}
          templateCall={F.downloadWorkHourTemplate}
          templateName="项目工时导入模板.xlsx"
          hint="每行一人一天：工号、日期、工时；导入后生成草稿工时单，由员工提交审批"
          fields={{ projectId: String(projectId), month: String(ym) }}
          onClose={() => setImporting(false)}
          onImported={() => void client.invalidateQueries({ queryKey: ['hours'] })}
        />
      )}
    </ScreenFrame>
  );
}
