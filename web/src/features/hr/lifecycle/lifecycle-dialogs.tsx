import {
  INDUCTION_PROCESS_KEY,
  lifecycleCalls,
  QUIT_APPLY_PROCESS_KEY,
  QUIT_PROCESS_KEY,
  RENEWAL_PROCESS_KEY,
  TRANSFER_PROCESS_KEY,
} from '@erp/contract/modules/lifecycle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import type { RecordDialogProps } from '../../bpm/shared/process-dialogs';
import RequestDialog from '../../bpm/shared/request-dialog';
import { type DetailSource, type DocRef, LIFECYCLE_KEY, LifecycleRecord, loadLifecycle, ResubmitFields } from './lifecycle-detail';
import { type ResubmitValues, resubmitInitial, resubmitPayload } from './lifecycle-rules';

const SOURCE: Record<string, DetailSource> = {
  [TRANSFER_PROCESS_KEY]: 'transfer',
  [QUIT_PROCESS_KEY]: 'quitInstance',
  [QUIT_APPLY_PROCESS_KEY]: 'quitApply',
  [RENEWAL_PROCESS_KEY]: 'renewal',
  [INDUCTION_PROCESS_KEY]: 'admission',
};

function refOf(props: RecordDialogProps): DocRef | null {
  if (props.processInstanceId) return { processInstanceId: props.processInstanceId };
  const id = Number(props.businessId);
  return Number.isInteger(id) && id > 0 ? { id } : null;
}

/**
 * The process centre's view of a lifecycle request: the document read through its own detail call
 * above the flow and the usual commands; the applicant of a request sent back corrects the fields
 * the module allows and resubmits through `instance/againSubmit`.
 */
function lifecycleDialog(processKey: string) {
  const source = SOURCE[processKey] as DetailSource;
  return function LifecycleDialog(props: RecordDialogProps) {
    const { t } = useTranslation();
    const client = useQueryClient();
    const [form] = Form.useForm<ResubmitValues>();
    const ref = refOf(props);
    const instanceId = props.processInstanceId ?? null;
    const detail = useQuery({
      queryKey: [...LIFECYCLE_KEY, 'detail', source, ref],
      queryFn: () => loadLifecycle(source, ref as DocRef),
      enabled: props.open && !!ref,
      // Read afresh: someone may have acted on the request a moment ago.
      staleTime: 0,
    });
    // Asked once when the dialog opens: opening a copy marks it read.
    const cc = useQuery({
      queryKey: [...LIFECYCLE_KEY, 'isCc', instanceId],
      queryFn: () => api(lifecycleCalls.getIsCc, { processInstanceId: instanceId as number }, { silent: true }),
      enabled: props.open && !!instanceId,
      staleTime: Number.POSITIVE_INFINITY,
    });
    const loaded = detail.data;
    const initial = loaded ? resubmitInitial(loaded) : null;
    const editable = !!loaded && loaded.flow?.taskKind === 'resubmit' && initial !== null;

    const body = detail.isLoading ? (
      <Skeleton active paragraph={{ rows: 4 }} />
    ) : !loaded ? (
      <Alert type="warning" showIcon title={t('lifecycle.notFound')} style={{ marginBottom: 16 }} />
    ) : (
      <>
        <LifecycleRecord loaded={loaded} extra={cc.data?.isCc ? <Tag color="blue">{t('lifecycle.cc')}</Tag> : null} />
        {editable && (
          <Form form={form} name="lifecycle-resubmit" layout="vertical" initialValues={initial ?? undefined} data-testid="lifecycle-resubmit">
            <h3 style={{ margin: '0 0 8px', fontSize: 16 }}>{t('lifecycle.resubmitTitle')}</h3>
            <ResubmitFields loaded={loaded} />
          </Form>
        )}
      </>
    );

    const onResubmit = async (taskId: number) => {
      let values: ResubmitValues | undefined;
      if (editable) {
        try {
          values = await form.validateFields();
        } catch {
          return false; // the form shows what is missing
        }
      }
      await api(lifecycleCalls.againSubmit, { taskId, form: values ? resubmitPayload(values) : undefined });
      await client.invalidateQueries({ queryKey: LIFECYCLE_KEY });
      return true;
    };

    // An onboarding has no correctable fields and no employee yet, which instance/againSubmit needs:
    // it goes back through the generic resubmission.
    return <RequestDialog {...props} body={body} onResubmit={source === 'admission' ? undefined : onResubmit} />;
  };
}

export const TransferDialog = lifecycleDialog(TRANSFER_PROCESS_KEY);
export const QuitDialog = lifecycleDialog(QUIT_PROCESS_KEY);
export const QuitApplyDialog = lifecycleDialog(QUIT_APPLY_PROCESS_KEY);
export const RenewalDialog = lifecycleDialog(RENEWAL_PROCESS_KEY);
export const InductionDialog = lifecycleDialog(INDUCTION_PROCESS_KEY);
