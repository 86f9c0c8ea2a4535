import { bpmCalls } from '@erp/contract/modules/bpm';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/client';
import '../bpm/bpm-texts';

/**
 * What the applicant of a document sent back to them sees in its process-centre dialog: a hint and
 * 重新提交, which sends it on as it was saved (the generic resubmission; its document refuses
 * corrections there and reads its routing from the record). Changes are made on the document's own
 * page, whose save resubmits. `after` is the dialog's own completion (its toast, the lists it
 * refreshes, closing), as after a pass.
 */
export function useReturnedDocument(resubmitTaskId: number | null, after: (text: string) => Promise<void> | void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!resubmitTaskId) return { hint: null, button: null };
  const resubmit = async () => {
    setBusy(true);
    try {
      await api(bpmCalls.resubmitTask, { taskId: resubmitTaskId });
    } catch {
      // The API client has shown the refusal; the dialog stays open.
      return;
    } finally {
      setBusy(false);
    }
    await after(t('bpm.done.resubmit'));
  };
  return {
    hint: <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('bpm.returnedHint')} data-testid="document-returned" />,
    button: (
      <Button key="resubmit" type="primary" loading={busy} onClick={() => void resubmit()} data-testid="document-resubmit">
        {t('bpm.resubmit')}
      </Button>
    ),
  };
}
