import type { FieldMeta } from '@erp/contract/resource';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldInput, rulesOf } from '../../components/resource';

/**
 * Form items drawn from metadata, for fields a screen places itself (after its own selects) instead of
 * leaving them to ResourceForm's declaration order.
 */
export function MetaFormItems(props: { fields: Partial<Record<string, FieldMeta>>; names: readonly string[] }) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  return (
    <>
      {props.names.map((name) => {
        const field = props.fields[name];
        if (!field) return null;
        const label = en ? (field.labelEn ?? field.label) : field.label;
        return (
          <Form.Item key={name} name={name} label={label} rules={rulesOf(field, label, en)} valuePropName={field.valueType === 'boolean' ? 'checked' : 'value'}>
            <FieldInput field={field} />
          </Form.Item>
        );
      })}
    </>
  );
}
