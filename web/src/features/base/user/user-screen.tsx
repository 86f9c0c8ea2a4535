import type { RequestOf } from '@erp/contract/define';
import { PASSWORD_RULE } from '@erp/contract/modules/auth';
import { baseCalls, type UserRecord, userMeta } from '@erp/contract/modules/base';
import { PERM } from '@erp/contract/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';
import { Auth, useHasAuth } from '../../../app/auth/auth';
import { ImportDialog, ResourceForm, ResourceTable } from '../../../components/resource';
import { handled } from '../handled';
import { OrgSideTree } from '../org-side-tree';
import { ScreenFrame } from '../screen-frame';
import { UserRolesDialog } from './user-roles-dialog';

const KEY = ['base', 'user'] as const;
const STRONG =
  /^(?=.{8,64}$)(?:(?=.*[A-Z])(?=.*[a-z])(?=.*\d)|(?=.*[A-Z])(?=.*[a-z])(?=.*[^A-Za-z0-9])|(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9])|(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]))/;

/** Users: search by department and filters, create, edit, disable, reset password, assign roles, import and export. */
export default function UserScreen() {
  const client = useQueryClient();
  const { modal, message } = App.useApp();
  const hasAuth = useHasAuth();
  const canEdit = hasAuth(PERM.userEdit);
  const [orgId, setOrgId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ open: boolean; record: UserRecord | null }>({ open: false, record: null });
  const [rolesOf, setRolesOf] = useState<UserRecord | null>(null);
  const [importing, setImporting] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: KEY });

  const toggle = (u: UserRecord) =>
    modal.confirm({
      title: u.enabled ? `确认停用用户“${u.realName}”？停用后该用户将立即退出登录。` : `确认启用用户“${u.realName}”？`,
      onOk: handled(async () => {
        await api(baseCalls.userChangeStatus, { id: u.id, enabled: !u.enabled });
        message.success(u.enabled ? '已停用' : '已启用');
        await refresh();
      }),
    });
  const resetPassword = (u: UserRecord) =>
    modal.confirm({
      title: `确认重置“${u.realName}”的密码？`,
      content: '新密码只显示一次，该用户的登录会话将全部失效。',
      onOk: handled(async () => {
        const { password } = await api(baseCalls.userResetPassword, { id: u.id });
        modal.success({ title: '密码已重置', content: <Typography.Text copyable>{password}</Typography.Text> });
      }),
    });

  return (
    <ScreenFrame>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <OrgSideTree value={orgId} onChange={setOrgId} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <ResourceTable<UserRecord>
            meta={userMeta}
            pageCall={baseCalls.userPage}
            exportCall={baseCalls.userExport}
            exportName="用户列表.xlsx"
            fixedFilters={orgId ? { orgId } : undefined}
            queryKey={KEY}
            toolbar={
              <Auth code={PERM.userEdit}>
                <Button type="primary" onClick={() => setEditing({ open: true, record: null })}>
                  新增用户
                </Button>
                <Button onClick={() => setImporting(true)}>导入</Button>
              </Auth>
            }
            rowActions={(u) =>
              canEdit ? (
                <>
                  <Button type="link" size="small" onClick={() => setEditing({ open: true, record: u })}>
                    编辑
                  </Button>
                  <Button type="link" size="small" onClick={() => setRolesOf(u)}>
                    分配角色
                  </Button>
                  <Dropdown
                    menu={{
                      items: [
                        { key: 'status', label: u.enabled ? '停用' : '启用', danger: u.enabled, onClick: () => toggle(u) },
                        { key: 'password', label: '重置密码', onClick: () => resetPassword(u) },
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
            actionsWidth={canEdit ? 210 : 60}
          />
        </div>
      </div>
      <ResourceForm<UserRecord>
        meta={userMeta}
        open={editing.open}
        title={editing.record ? `编辑用户 · ${editing.record.userCode}` : '新增用户'}
        record={editing.record}
        defaults={{ personCategory: '001', outsource: '000', orgId: orgId ?? undefined }}
        schema={(editing.record ? baseCalls.userUpdate : baseCalls.userAdd).request}
        onClose={() => setEditing({ open: false, record: null })}
        extra={
          editing.record ? null : (
            <Form.Item
              name="password"
              label="初始密码"
              rules={[
                { required: true, message: '请输入初始密码' },
                { pattern: STRONG, message: PASSWORD_RULE.message },
              ]}
            >
              <Input.Password autoComplete="new-password" maxLength={64} />
            </Form.Item>
          )
        }
        onSubmit={async (v) => {
          if (editing.record) await api(baseCalls.userUpdate, { ...v, id: editing.record.id } as RequestOf<typeof baseCalls.userUpdate>);
          else await api(baseCalls.userAdd, v as RequestOf<typeof baseCalls.userAdd>);
          await refresh();
        }}
      />
      <UserRolesDialog user={rolesOf} onClose={() => setRolesOf(null)} onSaved={refresh} />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={refresh}
        title="导入用户"
        noun="用户"
        importCall={baseCalls.userImport}
        templateCall={baseCalls.userImportTemplate}
        templateName="用户导入模板.xlsx"
        hint="导入的账号需通过“忘记密码”或管理员重置密码后登录"
      />
    </ScreenFrame>
  );
}
