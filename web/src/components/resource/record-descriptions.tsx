import { type FieldMeta, fieldsOf, type ResourceMeta } from '@erp/contract/resource';
import { Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { renderValue } from './field-view';

type Row = Record<string, unknown>;

export interface RecordDescriptionsProps<R extends Row> {
  meta: ResourceMeta<R>;
  record: R;
  /** Fields left out besides those the metadata keeps out of detail (`export: false`). */
  omit?: ReadonlyArray<keyof R & string>;
  /** Per-field value overrides (e.g. a code without a dictionary). */
  render?: Partial<Record<keyof R & string, (value: unknown, record: R) => ReactNode>>;
  title?: ReactNode;
  extra?: ReactNode;
  column?: DescriptionsProps['column'];
  testId?: string;
}

/**
 * The detail view of one record from its resource metadata: every field that is part of the detail
 * (hidden table columns included), labelled by language and rendered like the table renders it.
 */
export function RecordDescriptions<R extends Row>({ meta, record, omit = [], render, title, extra, column, testId }: RecordDescriptionsProps<R>) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  const label = (f: FieldMeta) => (en ? (f.labelEn ?? f.label) : f.label);
  const shown = fieldsOf(meta).filter(([k, f]) => f.export !== false && f.valueType !== 'password' && !omit.includes(k as keyof R & string));
  return (
    <Descriptions
      size="small"
      bordered
      title={title}
      extra={extra}
      column={column ?? { xs: 1, md: 2 }}
      style={{ marginBottom: 16 }}
      data-testid={testId}
      items={shown.map(([k, f]) => {
        const custom = render?.[k as keyof R & string];
        return { key: k, label: label(f), children: custom ? custom(record[k], record) : renderValue(f, record[k], k, en) };
      })}
    />
  );
}
