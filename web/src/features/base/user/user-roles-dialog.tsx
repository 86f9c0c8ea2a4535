import { baseCalls, type UserRecord } from '@erp/contract/modules/base';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Checkbox, Modal, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../app/api/client';

/** Assigns roles to a user; takes effect on the user's next call. */
export function UserRolesDialog(props: { user: UserRecord | null; onClose(): void; onSaved(): void }) {
  const { message } = App.useApp();
  const [checked, setChecked] = useState<number[]>([]);
  const roles = useQuery({ queryKey: ['base', 'role', 'list'], queryFn: () => api(baseCalls.roleList, {}), enabled: props.user !== null });
  const current = useQuery({
    queryKey: ['base', 'user', 'roles', props.user?.id],
    queryFn: () => api(baseCalls.userInfo, { id: props.user?.id ?? 0 }),
    enabled: props.user !== null,
  });
  useEffect(() => {
    if (current.data) setChecked(current.data.roles.map((r) => r.id));
  }, [current.data]);
  // Failures are shown by the API client; the dialog stays open.
  const saving = useMutation({
    mutationFn: (roleIds: number[]) => api(baseCalls.userAssignRoles, { id: props.user?.id ?? 0, roleIds }),
    onSuccess: () => {
      message.success('角色已更新，用户下一次操作即生效');
      props.onSaved();
      props.onClose();
    },
  });
  const save = () => {
    if (!props.user || saving.isPending) return;
    saving.mutate(checked);
  };
  return (
    <Modal
      open={props.user !== null}
      title={`分配角色 · ${props.user?.realName ?? ''}`}
      onCancel={props.onClose}
      onOk={save}
      confirmLoading={saving.isPending}
      destroyOnHidden
    >
      {roles.isLoading || current.isLoading ? (
        <Skeleton active />
      ) : (
        <Checkbox.Group
          value={checked}
          onChange={(v) => setChecked(v as number[])}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: `${r.name}（${r.code}）`, disabled: !r.enabled }))}
          style={{ display: 'grid', gap: 8 }}
        />
      )}
    </Modal>
  );
}
