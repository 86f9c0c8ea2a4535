import type { CallDefinition, RequestOf } from '@erp/contract/define';
import { fieldsOf, type ResourceMeta } from '@erp/contract/resource';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { api } from '../../../app/api/client';
import { ResourceForm, renderValue } from '../../../components/resource';
import { savedText } from './saved-text';

type Row = Record<string, unknown>;

export interface InfoBlockProps {
  meta: ResourceMeta<Row>;
  /** Reads the block of an employee (`{ employeeId }`); null when there is nothing yet. */
  get: CallDefinition;
  save: CallDefinition;
  /** The save call's request from the form's values and the record shown. */
  toRequest(values: Row, record: Row | null): Row;
  employeeId: number | null;
  editable: boolean;
  /** Form items beyond the metadata (pickers the metadata cannot describe). */
  extra?: ReactNode;
  /** A note above the block (e.g. that identity changes are approved by HR). */
  note?: string;
}

export const blockKey = (name: string, employeeId: number | null) => ['hr', 'block', name, employeeId ?? 'me'] as const;

/** One block of an employee's record read as a description list, edited in a dialog. */
export function InfoBlock(props: InfoBlockProps) {
  const client = useQueryClient();
  const key = blockKey(props.meta.name, props.employeeId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => api(props.get, { employeeId: props.employeeId } as RequestOf<CallDefinition>) as Promise<Row | null>,
  });
  const [open, setOpen] = useState(false);
  const record = query.data ?? null;
  const shown = fieldsOf(props.meta).filter(([, f]) => f.valueType !== 'org');
  return (
    <Card
      size="small"
      title={props.meta.title}
      style={{ marginBottom: 16 }}
      extra={
        props.editable && (
          <Button type="link" onClick={() => setOpen(true)} disabled={query.isLoading}>
            编辑
          </Button>
        )
      }
    >
      {props.note && props.editable && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={props.note} />}
      {query.isLoading ? (
        <Skeleton active />
      ) : record ? (
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          {shown.map(([k, f]) => (
            <Descriptions.Item key={k} label={f.label}>
              {f.valueType === 'money' && record.masked ? '******' : renderValue(f, record[k], k)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : (
        <Empty description={query.isError ? '加载失败，请刷新重试' : `暂无${props.meta.title}`} />
      )}
      <ResourceForm<Row>
        meta={props.meta}
        open={open}
        title={`编辑${props.meta.title}`}
        record={record}
        extra={props.extra}
        savedText={savedText}
        schema={props.save.request}
        width={720}
        onClose={() => setOpen(false)}
        onSubmit={async (values) => {
          const saved = await api(props.save, props.toRequest(values, record) as RequestOf<CallDefinition>);
          await client.invalidateQueries({ queryKey: ['hr'] });
          return saved;
        }}
      />
    </Card>
  );
}
