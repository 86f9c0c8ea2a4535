import type { CallDefinition, RequestOf } from '@erp/contract/define';
import type { ResourceMeta } from '@erp/contract/resource';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { api } from '../../app/api/client';
import { Auth, useHasAuth } from '../../app/auth/auth';
import { ResourceForm, ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';

type Row = { id: number; code: string; name: string } & Record<string, unknown>;

export interface LadderScreenProps<R extends Row> {
  meta: ResourceMeta<R>;
  /** What one item is called: 岗位族, 行业… */
  noun: string;
  calls: { page: CallDefinition; add: CallDefinition; update: CallDefinition; export?: CallDefinition };
  perms: { edit: string; export?: string };
  /** Form fields the metadata cannot draw (selects of other ladders), and the metadata fields they replace. */
  formExtra?: ReactNode;
  omit?: string[];
  /** Buttons next to "新增" (each behind its own permission). */
  toolbarExtra?: ReactNode;
  fixedFilters?: Record<string, unknown>;
  /** Above the table (filters the search form cannot draw). */
  header?: ReactNode;
}

/** A ladder list (sequence, trade, clan, category, and the positions themselves): search, add, edit, export. */
export function LadderScreen<R extends Row>(props: LadderScreenProps<R>) {
  const client = useQueryClient();
  const may = useHasAuth();
  const [editing, setEditing] = useState<{ open: boolean; record: R | null }>({ open: false, record: null });
  // Every position screen shares the ['position'] key: a change refreshes lists and option lists alike.
  const refresh = () => client.invalidateQueries({ queryKey: ['position'] });
  const canExport = props.calls.export && (!props.perms.export || may(props.perms.export));
  return (
    <ScreenFrame>
      {props.header}
      <ResourceTable<R>
        meta={props.meta}
        pageCall={props.calls.page}
        exportCall={canExport ? props.calls.export : undefined}
        exportName={`${props.meta.title}.xlsx`}
        queryKey={['position', props.meta.name]}
        fixedFilters={props.fixedFilters}
        toolbar={
          <Space>
            <Auth code={props.perms.edit}>
              <Button type="primary" onClick={() => setEditing({ open: true, record: null })}>
                新增{props.noun}
              </Button>
            </Auth>
            {props.toolbarExtra}
          </Space>
        }
        rowActions={(r) => (
          <Auth code={props.perms.edit}>
            <Button type="link" size="small" onClick={() => setEditing({ open: true, record: r })}>
              编辑
            </Button>
          </Auth>
        )}
        actionsWidth={90}
      />
      <ResourceForm<R>
        meta={props.meta}
        open={editing.open}
        title={editing.record ? `编辑${props.noun} · ${editing.record.name}` : `新增${props.noun}`}
        record={editing.record}
        defaults={{ enabled: true, sort: 0 }}
        omit={props.omit}
        extra={props.formExtra}
        width={620}
        onClose={() => setEditing({ open: false, record: null })}
        onSubmit={async (v) => {
          if (editing.record) await api(props.calls.update, { ...v, id: editing.record.id } as RequestOf<CallDefinition>);
          else await api(props.calls.add, v as RequestOf<CallDefinition>);
          await refresh();
        }}
      />
    </ScreenFrame>
  );
}
