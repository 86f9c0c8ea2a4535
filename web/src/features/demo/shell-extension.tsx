import { authCalls } from '@erp/contract/modules/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/client';

/**
 * "演示数据" in a corner of every page while the demo data (with its published passwords) is
 * loaded, so nobody mistakes a demo for the real system or keeps real data in it.
 */
export default function DemoRibbon() {
  const { data } = useQuery({ queryKey: ['system', 'info'], queryFn: () => api(authCalls.systemInfo, {}, { silent: true }), staleTime: 600_000 });
  if (!data?.demoData) return null;
  return (
    <div
      role="note"
      aria-label="演示数据"
      data-testid="demo-ribbon"
      style={{
        position: 'fixed',
        left: 0,
        bottom: 0,
        zIndex: 1100,
        padding: '2px 12px',
        background: '#a8071a',
        color: '#fff',
        fontSize: 12,
        borderTopRightRadius: 6,
        pointerEvents: 'none',
      }}
    >
      演示数据
    </div>
  );
}
