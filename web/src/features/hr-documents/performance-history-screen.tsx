import { type PerformanceRecord, performanceCalls, performanceMeta } from '@erp/contract/modules/hr-documents';
import { Button, Card } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { DOCUMENT_KEYWORD } from './document-keyword';

/** 绩效详情: one person's evaluations over time (mine when no one is named). */
export default function PerformanceHistoryScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const name = params.get('name');
  const keyword = params.get('employeeCode') ?? name ?? undefined;
  return (
    <ScreenFrame>
      <Card title={name ? `${name} 的绩效记录` : '我的绩效记录'} size="small" style={{ marginBottom: 12 }}>
        按考核期从近到远排列；点击详情查看评分与审批过程。
      </Card>
      <ResourceTable<PerformanceRecord>
        meta={performanceMeta}
        keyword={DOCUMENT_KEYWORD}
        pageCall={performanceCalls.performanceSelectPage}
        queryKey={['hrDocuments', 'performance', 'history', keyword]}
        fixedFilters={keyword ? { employeeName: keyword } : { mine: true }}
        rowActions={(r) => (
          <Button type="link" size="small" onClick={() => navigate(`/PerformanceManagement/PerformanceEvaluationDetails?id=${r.id}`)}>
            详情
          </Button>
        )}
        actionsWidth={80}
      />
    </ScreenFrame>
  );
}
