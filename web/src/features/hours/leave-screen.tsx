import { leaveCalls as L, LEAVE_PERM, type LeaveRecord, leaveMeta } from '@erp/contract/modules/hours-pay';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useHasAuth } from '../../app/auth/auth';
import { ImportDialog, ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';

/** 请假管理: the leave records of the people in scope, their export and the import (overlaps refused). */
export default function LeaveScreen() {
  const can = useHasAuth();
  const client = useQueryClient();
  const [importing, setImporting] = useState(false);
  return (
    <ScreenFrame>
      <ResourceTable<LeaveRecord>
        meta={leaveMeta}
        pageCall={L.selectDetailPage}
        exportCall={L.detailDownload}
        exportName="请假明细.xlsx"
        queryKey={['hours', 'leave']}
        toolbar={can(LEAVE_PERM.import) && <Button onClick={() => setImporting(true)}>导入请假</Button>}
      />
      <ImportDialog
        open={importing}
        noun="请假记录"
        allOrNothing
        importCall={L.importFunctionLeave}
        templateCall={L.downloadTemplate}
        templateName="请假导入模板.xlsx"
        hint="请假小时不填时按期间工作日每天8小时计算；与已有请假重叠的行不能导入"
        onClose={() => setImporting(false)}
        onImported={() => void client.invalidateQueries({ queryKey: ['hours', 'leave'] })}
      />
    </ScreenFrame>
  );
}
