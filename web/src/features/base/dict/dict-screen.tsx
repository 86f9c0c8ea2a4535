import type { RequestOf } from '@erp/contract/define';
import { baseCalls, type DictTypeRecord, dictTypeMeta } from '@erp/contract/modules/base';
import { PERM } from '@erp/contract/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';
import { Auth, useHasAuth } from '../../../app/auth/auth';
import { ResourceForm, ResourceTable } from '../../../components/resource';
import { handled } from '../handled';
import { ScreenFrame } from '../screen-frame';
import { DictItemsPanel } from './dict-items-panel';

const KEY = ['base', 'dict'] as const;

/** Dictionaries: types on the left, the chosen type's values on the right. */
export default function DictScreen() {
  const client = useQueryClient();
  const { modal } = App.useApp();
  const canEdit = useHasAuth()(PERM.dictEdit);
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ open: boolean; record: DictTypeRecord | null }>({ open: false, record: null });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: KEY });
    void client.invalidateQueries({ queryKey: ['dict'] });
  };
  return (
    <ScreenFrame>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <div style={{ flex: '3 1 520px', minWidth: 0 }}>
          <ResourceTable<DictTypeRecord>
            meta={dictTypeMeta}
            pageCall={baseCalls.dictTypePage}
            queryKey={KEY}
            onRowClick={(r) => setSelected(r.codeType)}
            selectedKey={undefined}
            toolbar={
              <Auth code={PERM.dictEdit}>
                <Button type="primary" onClick={() => setEditing({ open: true, record: null })}>
                  新增字典类型
                </Button>
              </Auth>
            }
            rowActions={(r) =>
              canEdit ? (
                <>
                  <Button
                    type="link"
                    size="small"
                    onClick={(e) => {
                      e.stopPropagation();
                      setEditing({ open: true, record: r });
                    }}
                  >
                    编辑
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger={r.enabled}
                    onClick={(e) => {
                      e.stopPropagation();
                      modal.confirm({
                        title: r.enabled ? `确认停用字典“${r.name}”？停用后表单中不再提供其选项。` : `确认启用字典“${r.name}”？`,
                        onOk: handled(async () => {
                          await api(baseCalls.dictTypeChangeStatus, { id: r.id, enabled: !r.enabled, target: 'type' });
                          refresh();
                        }),
                      });
                    }}
                  >
                    {r.enabled ? '停用' : '启用'}
                  </Button>
                </>
              ) : null
            }
            actionsWidth={canEdit ? 130 : 60}
          />
        </div>
        <div style={{ flex: '2 1 380px', minWidth: 0 }}>
          <DictItemsPanel codeType={selected} />
        </div>
      </div>
      <ResourceForm<DictTypeRecord>
        meta={dictTypeMeta}
        open={editing.open}
        title={editing.record ? `编辑字典类型 · ${editing.record.codeType}` : '新增字典类型'}
        record={editing.record}
        onClose={() => setEditing({ open: false, record: null })}
        onSubmit={async (v) => {
          if (editing.record) await api(baseCalls.dictTypeUpdate, { ...v, id: editing.record.id } as RequestOf<typeof baseCalls.dictTypeUpdate>);
          else {
            const check = await api(baseCalls.dictTypeCheck, { codeType: String(v.codeType ?? '') });
            if (!check.available) {
              modal.error({ title: check.message ?? '字典类型已存在' });
              throw new Error('taken');
            }
            await api(baseCalls.dictTypeAdd, v as RequestOf<typeof baseCalls.dictTypeAdd>);
            setSelected(String(v.codeType));
          }
          refresh();
        }}
      />
    </ScreenFrame>
  );
}
