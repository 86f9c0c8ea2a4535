import type { FileEntry } from '@erp/contract/modules/file';
import { type ExpenseInvoice, personInvoiceCalls as PI, REIMBURSE_MAX } from '@erp/contract/modules/reimburse';
import { App, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { api } from '../../app/api/client';
import { FileUpload } from '../../components/file-upload';
import { useFormDialog } from '../../components/resource';
import { toFen } from '../finance/money';
import { useReimburseLabels } from './labels';

interface Values {
  kind: string;
  invoiceCode?: string;
  invoiceNo: string;
  invoiceDate: Dayjs;
  seller: string;
  amountExclTax: number;
  tax: number;
  total: number;
  files: FileEntry[];
  remark?: string;
}

const INVOICE_FILE_TYPES = ['jpg', 'jpeg', 'png', 'pdf'] as const;

/** Adds or edits an invoice of my folder: its photo or PDF (previewed in the upload list) and what is printed on it. */
export function InvoiceFormDialog({ record, open, onClose, onSaved }: { record: ExpenseInvoice | null; open: boolean; onClose(): void; onSaved(): void }) {
  const { t, kindOptions } = useReimburseLabels();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { modalProps } = useFormDialog<Values, ExpenseInvoice>({
    form,
    save: (v) => {
      const body = {
        kind: v.kind,
        invoiceCode: v.invoiceCode?.trim() || null,
        invoiceNo: v.invoiceNo.trim(),
        invoiceDate: v.invoiceDate.format('YYYY-MM-DD'),
        seller: v.seller.trim(),
        amountExclTax: toFen(v.amountExclTax),
        tax: toFen(v.tax),
        total: toFen(v.total),
        fileId: v.files[0]?.fileId ?? '',
        remark: v.remark?.trim() || null,
      };
      return record ? api(PI.invoiceUpdate, { id: record.id, ...body }) : api(PI.invoiceAdd, body);
    },
    onSaved: () => {
      message.success(t('reimburse.folder.saved'));
      onSaved();
    },
    onClose,
  });
  const initial: Partial<Values> = record
    ? {
        kind: record.kind,
        invoiceCode: record.invoiceCode ?? undefined,
        invoiceNo: record.invoiceNo,
        invoiceDate: dayjs(record.invoiceDate),
        seller: record.seller,
        amountExclTax: record.amountExclTax / 100,
        tax: record.tax / 100,
        total: record.total / 100,
        files: record.files,
        remark: record.remark ?? undefined,
      }
    : { kind: '003', tax: 0, files: [] };
  const yuan = { min: 0, max: REIMBURSE_MAX / 100, precision: 2, style: { width: '100%' } } as const;
  // The total follows the two parts unless the user typed it; a mismatch is then shown by its rule.
  const recompute = () => {
    const { amountExclTax, tax } = form.getFieldsValue(['amountExclTax', 'tax']);
    if (typeof amountExclTax === 'number') form.setFieldValue('total', Math.round((amountExclTax + (tax ?? 0)) * 100) / 100);
  };
  return (
    <Modal {...modalProps} open={open} title={t(record ? 'reimburse.folder.edit' : 'reimburse.folder.addTitle')} width={640}>
      <Form form={form} name="invoiceForm" layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item
          name="files"
          required
          label={t('reimburse.folder.file')}
          extra={t('reimburse.folder.fileHint')}
          rules={[{ validator: (_r, v: FileEntry[] | undefined) => (v?.length ? Promise.resolve() : Promise.reject(new Error('请上传发票照片或PDF'))) }]}
        >
          <FileUpload
            maxCount={3}
            accept={INVOICE_FILE_TYPES}
            moduleName="reimburse"
            functionName="invoice"
            deleteOnServer={false}
            buttonText={t('reimburse.folder.upload')}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('reimburse.field.kind')} rules={[{ required: true, message: '请选择票据类型' }]}>
          <Select options={kindOptions} />
        </Form.Item>
        <Form.Item
          name="invoiceCode"
          label={t('reimburse.field.invoiceCode')}
          extra={t('reimburse.field.invoiceCodeHint')}
          rules={[{ pattern: /^(\d{10}|\d{12})$/, message: '发票代码为10位或12位数字' }]}
        >
          <Input maxLength={12} />
        </Form.Item>
        <Form.Item
          name="invoiceNo"
          label={t('reimburse.field.invoiceNo')}
          rules={[
            { required: true, whitespace: true, message: '请输入发票号码' },
            { pattern: /^[0-9A-Za-z]{6,20}$/, message: '发票号码为6至20位数字或字母' },
          ]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="invoiceDate" label={t('reimburse.field.invoiceDate')} rules={[{ required: true, message: '请选择开票日期' }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="seller" label={t('reimburse.field.seller')} rules={[{ required: true, whitespace: true, message: '请输入销售方' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="amountExclTax"
          label={t('reimburse.field.amountExclTax')}
          rules={[
            { required: true, message: '请输入不含税金额' },
            { type: 'number', min: 0.01, message: '不含税金额必须大于0' },
          ]}
        >
          <InputNumber {...yuan} onChange={recompute} />
        </Form.Item>
        <Form.Item name="tax" label={t('reimburse.field.tax')} rules={[{ required: true, message: '请输入税额' }]}>
          <InputNumber {...yuan} onChange={recompute} />
        </Form.Item>
        <Form.Item
          name="total"
          label={t('reimburse.field.total')}
          dependencies={['amountExclTax', 'tax']}
          rules={[
            { required: true, message: '请输入价税合计' },
            ({ getFieldValue }) => ({
              validator: (_r, v: number | undefined) =>
                v === undefined || toFen(v) === toFen(getFieldValue('amountExclTax')) + toFen(getFieldValue('tax'))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('reimburse.folder.addsUp'))),
            }),
          ]}
        >
          <InputNumber {...yuan} />
        </Form.Item>
        <Form.Item name="remark" label={t('reimburse.field.remark')}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
