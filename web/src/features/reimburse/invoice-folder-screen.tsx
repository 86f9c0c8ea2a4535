import { type ExpenseInvoice, INVOICE_STATE, invoiceMeta, personInvoiceCalls as PI } from '@erp/contract/modules/reimburse';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { fenColumns } from '../salary/pay-parts';
import { InvoiceFormDialog } from './invoice-form-dialog';
import { useReimburseLabels } from './labels';
import { usePreview } from './use-preview';

/** 个人票夹: my invoices with their photos, by state, date and keyword; edit and delete while not on a claim. */
export default function InvoiceFolderScreen() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const { t, kind, invoiceState } = useReimburseLabels();
  const [editing, setEditing] = useState<ExpenseInvoice | null | undefined>(undefined);
  const preview = usePreview();
  const refresh = () => client.invalidateQueries({ queryKey: ['reimburse'] });
  const link = (text: string, onClick: () => void, danger = false) => (
    <Button type="link" size="small" danger={danger} onClick={onClick}>
      {text}
    </Button>
  );
  return (
    <ScreenFrame>
      <ResourceTable<ExpenseInvoice>
        meta={invoiceMeta}
        pageCall={PI.invoicePage}
        queryKey={['reimburse', 'invoices']}
        keyword={{ label: '发票号码 / 销售方', labelEn: 'Number / seller' }}
        columns={{
          ...fenColumns(invoiceMeta),
          kind: { render: (v: unknown) => kind(v as string) },
          state: { render: (v: unknown) => invoiceState(v as string) },
        }}
        toolbar={
          <Button type="primary" onClick={() => setEditing(null)}>
            {t('reimburse.folder.add')}
          </Button>
        }
        actionsWidth={170}
        rowActions={(r) => {
          const free = r.state === INVOICE_STATE.free && !r.claimId;
          return (
            <Space size={0}>
              {r.files.length ? (
                link(t('reimburse.folder.preview'), () => void preview.open(r))
              ) : (
                <Button type="link" size="small" disabled>
                  {t('reimburse.folder.noFile')}
                </Button>
              )}
              {free ? (
                <>
                  {link(t('reimburse.folder.modify'), () => setEditing(r))}
                  <Popconfirm
                    title={t('reimburse.folder.deleteConfirm')}
                    onConfirm={async () => {
                      await api(PI.invoiceDelete, { id: r.id });
                      message.success(t('reimburse.folder.deleted'));
                      await refresh();
                    }}
                  >
                    <Button type="link" size="small" danger>
                      {t('reimburse.claim.delete')}
                    </Button>
                  </Popconfirm>
                </>
              ) : (
                <Tooltip title={t('reimburse.folder.locked')}>
                  <Button type="link" size="small" disabled>
                    {t('reimburse.folder.modify')}
                  </Button>
                </Tooltip>
              )}
            </Space>
          );
        }}
      />
      {editing !== undefined && (
        <InvoiceFormDialog
          open
          record={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            void refresh();
          }}
        />
      )}
      {preview.element}
    </ScreenFrame>
  );
}
