import { Empty } from 'antd';
import { Suspense } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { closeTabs } from '../../app/shell/tabs-store';
import { dialogFor, type RecordMode } from '../bpm/shared/process-dialogs';

const MODES: RecordMode[] = ['detail', 'approve', 'done', 'closed', 'cc'];

/** Whether the app has a page of its own to go back to (react-router numbers its history entries). */
function hasHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

/**
 * /DetailsPage?processKey=…&processInstanceId=…[&mode=approve]: the generic detail page a message or
 * a to-do links to. It opens the record in the dialog its process registered (any other process: the
 * generic request dialog); closing it goes back, or to the workbench when the page was opened on its
 * own (a link in a new window or a mail) and there is nothing to go back to. Closing also closes the
 * page's tab: kept alive, the closed record would come back on the next link, its dialog still open
 * underneath (and antd's dialog throws re-focusing a content it hid).
 */
export default function DetailsScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const processKey = params.get('processKey') ?? '';
  const processInstanceId = Number(params.get('processInstanceId') ?? params.get('instanceId'));
  const mode = (MODES.find((m) => m === params.get('mode')) ?? 'detail') as RecordMode;
  if (!processKey || !Number.isInteger(processInstanceId) || processInstanceId <= 0)
    return <Empty style={{ marginTop: 64 }} description="链接不完整，无法打开详情" />;
  const Dialog = dialogFor(processKey);
  return (
    <Suspense fallback={null}>
      <Dialog
        open
        mode={mode}
        processInstanceId={processInstanceId}
        businessId={params.get('businessId')}
        onClose={async () => {
          await (hasHistory() ? navigate(-1) : navigate('/WorkBench/index', { replace: true }));
          closeTabs([pathname]);
        }}
      />
    </Suspense>
  );
}
