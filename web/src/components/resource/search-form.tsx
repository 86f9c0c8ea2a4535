import type { FieldMeta } from '@erp/contract/resource';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrgTreeSelect } from './pickers';
import { useDictOptions } from './use-dict';

type Values = Record<string, unknown>;

function DictSelect({ codeType, ...rest }: { codeType: string; value?: unknown; onChange?: (v: unknown) => void; placeholder?: string }) {
  const { data } = useDictOptions(codeType);
  return <Select allowClear style={{ width: 160 }} options={(data ?? []).map((o) => ({ value: o.code, label: o.codeName }))} {...rest} />;
}

/** What Form.Item injects into its child; passed on to the real control. */
interface Bound {
  value?: never;
  onChange?: never;
}

/** One control per filterable field: text boxes, dictionary and status selects, department tree, date ranges. */
function FilterControl({ name, field, en, ...bound }: { name: string; field: FieldMeta; en: boolean } & Bound) {
  const label = en ? (field.labelEn ?? field.label) : field.label;
  if (field.dict) return <DictSelect codeType={field.dict} placeholder={label} {...bound} />;
  if (field.valueType === 'boolean')
    return (
      <Select
        allowClear
        style={{ width: 120 }}
        placeholder={label}
        {...bound}
        options={
          name === 'enabled'
            ? [
                { value: true, label: en ? 'Enabled' : '启用' },
                { value: false, label: en ? 'Disabled' : '停用' },
              ]
            : [
                { value: true, label: en ? 'Yes' : '是' },
                { value: false, label: en ? 'No' : '否' },
              ]
        }
      />
    );
  if (field.valueType === 'org') return <OrgTreeSelect placeholder={label} {...bound} />;
  if (field.filter === 'range') return <DatePicker.RangePicker showTime={field.valueType === 'datetime'} {...bound} />;
  return <Input allowClear placeholder={label} maxLength={64} style={{ width: 180 }} {...bound} />;
}

/** The search form of a resource list, built from the fields marked `filter`. */
export function SearchForm(props: { name: string; fields: Array<[string, FieldMeta]>; onSearch(values: Values): void; extra?: React.ReactNode }) {
  const [form] = Form.useForm<Values>();
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  const submit = (values: Values) => {
    const out: Values = {};
    for (const [name, field] of props.fields) {
      const v = values[name];
      if (v === undefined || v === null || v === '') continue;
      if (field.filter === 'range' && Array.isArray(v)) {
        const [from, to] = v as Array<{ toISOString(): string; format(f: string): string } | null>;
        // A date filter travels as the day (YYYY-MM-DD); a datetime filter as the instant.
        const wire = (d: { toISOString(): string; format(f: string): string }) => (field.valueType === 'date' ? d.format('YYYY-MM-DD') : d.toISOString());
        if (from) out[`${name}From`] = wire(from);
        if (to) out[`${name}To`] = wire(to);
      } else out[name] = typeof v === 'string' ? v.trim() : v;
    }
    props.onSearch(out);
  };
  if (!props.fields.length && !props.extra) return null;
  return (
    <Form form={form} name={`${props.name}-search`} layout="inline" onFinish={submit} style={{ rowGap: 8, marginBottom: 12 }}>
      {props.fields.map(([name, field]) => (
        <Form.Item key={name} name={name} label={en ? (field.labelEn ?? field.label) : field.label}>
          <FilterControl name={name} field={field} en={en} />
        </Form.Item>
      ))}
      {props.extra}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('resource.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              props.onSearch({});
            }}
          >
            {t('resource.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
