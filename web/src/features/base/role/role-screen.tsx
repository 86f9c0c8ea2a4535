import type { RequestOf } from '@erp/contract/define';
import { baseCalls, type RoleRecord, roleMeta } from '@erp/contract/modules/base';
import { PERM } from '@erp/contract/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';
import { Auth, useHasAuth } from '../../../app/auth/auth';
import { ResourceForm, ResourceTable } from '../../../components/resource';
import { handled } from '../handled';
import { ScreenFrame } from '../screen-frame';
import { RoleGrantDrawer } from './role-grant-drawer';
import { RoleScopeDialog } from './role-scope-dialog';

const KEY = ['base', 'role'] as const;

/** Roles: what they grant (menus and buttons) and what they may read (data scope). */
export default function RoleScreen() {
  const client = useQueryClient();
  const { modal, message } = App.useApp();
  const canEdit = useHasAuth()(PERM.roleEdit);
  const [editing, setEditing] = useState<{ open: boolean; record: RoleRecord | null }>({ open: false, record: null });
  const [granting, setGranting] = useState<RoleRecord | null>(null);
  const [scoping, setScoping] = useState<RoleRecord | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: KEY });

  const remove = (r: RoleRecord) =>
    modal.confirm({
      title: `确认删除角色“${r.name}”？`,
      okButtonProps: { danger: true },
      onOk: handled(async () => {
        await api(baseCalls.roleDelete, { id: r.id });
        message.success('已删除');
        await refresh();
      }),
    });
  const toggle = (r: RoleRecord) =>
    modal.confirm({
      title: r.enabled ? `确认停用角色“${r.name}”？持有该角色的用户将失去其权限。` : `确认启用角色“${r.name}”？`,
      onOk: handled(async () => {
        await api(baseCalls.roleChangeStatus, { id: r.id, enabled: !r.enabled });
        await refresh();
      }),
    });

  return (
    <ScreenFrame>
      <ResourceTable<RoleRecord>
        meta={roleMeta}
        pageCall={baseCalls.rolePage}
        queryKey={KEY}
        toolbar={
          <Auth code={PERM.roleEdit}>
            <Button type="primary" onClick={() => setEditing({ open: true, record: null })}>
              新增角色
            </Button>
          </Auth>
        }
        rowActions={(r) =>
          canEdit ? (
            <>
              <Button type="link" size="small" onClick={() => setGranting(r)}>
                分配权限
              </Button>
              <Button type="link" size="small" onClick={() => setScoping(r)}>
                数据范围
              </Button>
              <Dropdown
                menu={{
                  items: [
                    { key: 'edit', label: '编辑', onClick: () => setEditing({ open: true, record: r }) },
                    { key: 'status', label: r.enabled ? '停用' : '启用', onClick: () => toggle(r) },
                    { key: 'delete', label: '删除', danger: true, onClick: () => remove(r) },
                  ],
                }}
              >
                <Button type="link" size="small">
                  更多
                </Button>
              </Dropdown>
            </>
          ) : null
        }
        actionsWidth={canEdit ? 230 : 60}
      />
      <ResourceForm<RoleRecord>
        meta={roleMeta}
        open={editing.open}
        title={editing.record ? `编辑角色 · ${editing.record.code}` : '新增角色'}
        record={editing.record}
        defaults={{ dataScope: 'self', sort: 0 }}
        omit={editing.record ? ['dataScope'] : []}
        onClose={() => setEditing({ open: false, record: null })}
        onSubmit={async (v) => {
          if (editing.record) await api(baseCalls.roleUpdate, { ...v, id: editing.record.id } as RequestOf<typeof baseCalls.roleUpdate>);
          else await api(baseCalls.roleAdd, v as RequestOf<typeof baseCalls.roleAdd>);
          await refresh();
        }}
      />
      <RoleGrantDrawer role={granting} onClose={() => setGranting(null)} />
      <RoleScopeDialog role={scoping} onClose={() => setScoping(null)} onSaved={refresh} />
    </ScreenFrame>
  );
}
