import { HR_DOC_PERM, type PerformanceRecord, performanceCalls, performanceMeta } from '@erp/contract/modules/hr-documents';
import { Button, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useHasAuth } from '../../app/auth/auth';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { DOCUMENT_KEYWORD } from './document-keyword';

/** 绩效管理: my evaluations, and with the list permission the department's; apply, open, export. */
export default function PerformanceListScreen() {
  const navigate = useNavigate();
  const may = useHasAuth();
  const team = may(HR_DOC_PERM.performanceList);
  const [scope, setScope] = useState<'mine' | 'team'>(team ? 'team' : 'mine');
  return (
    <ScreenFrame>
      <ResourceTable<PerformanceRecord>
        meta={performanceMeta}
        keyword={DOCUMENT_KEYWORD}
        pageCall={performanceCalls.performanceSelectPage}
        exportCall={may(HR_DOC_PERM.performanceExport) ? performanceCalls.performanceExport : undefined}
        exportName="绩效考核.xlsx"
        queryKey={['hrDocuments', 'performance', scope]}
        fixedFilters={{ mine: scope === 'mine' }}
        toolbar={
          <Space>
            <Button type="primary" data-testid="performance-apply" onClick={() => navigate('/PerformanceManagement/PerformanceEvaluationApply')}>
              绩效自评
            </Button>
            {team && (
              <Segmented
                value={scope}
                onChange={(v) => setScope(v as 'mine' | 'team')}
                options={[
                  { value: 'team', label: '部门绩效' },
                  { value: 'mine', label: '我的绩效' },
                ]}
              />
            )}
          </Space>
        }
        rowActions={(r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => navigate(`/PerformanceManagement/PerformanceEvaluationDetails?id=${r.id}`)}>
              详情
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => navigate(`/PerformanceManagement/JXDetailsPage?employeeId=${r.employeeId}&name=${encodeURIComponent(r.employeeName)}`)}
            >
              历史
            </Button>
          </Space>
        )}
        actionsWidth={120}
      />
    </ScreenFrame>
  );
}
