import { baseCalls, MAX_APP_SHORTCUTS } from '@erp/contract/modules/base';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { toastSuccess } from '../../api/notify';
import { queryKeys } from '../../query-keys';
import type { MenuRoute } from '../../registry/menu-routes';

/** Choose the workbench shortcuts among the user's front applications (saved with saveAppIndexCustom). */
export function ShortcutEditor({
  apps,
  selected,
  open,
  onClose,
}: {
  apps: readonly MenuRoute[];
  selected: readonly number[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [value, setValue] = useState<number[]>([...selected]);
  const save = useMutation({
    mutationFn: (menuIds: number[]) => api(baseCalls.saveAppIndexCustom, { menuIds }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.workbenchShortcuts, saved);
      toastSuccess(t('workbench.save'));
      onClose();
    },
  });
  // Keep the chosen order: previously chosen first, newly ticked appended.
  const onChange = (ids: number[]) => setValue([...value.filter((v) => ids.includes(v)), ...ids.filter((v) => !value.includes(v))]);
  return (
    <Modal
      open={open}
      title={t('workbench.editShortcuts')}
      okText={t('workbench.save')}
      cancelText={t('logout.cancel')}
      onOk={() => save.mutate(value)}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Checkbox.Group
        value={value}
        onChange={(v) => onChange(v as number[])}
        options={apps.map((a) => ({ label: a.title, value: a.menuId, disabled: !value.includes(a.menuId) && value.length >= MAX_APP_SHORTCUTS }))}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 8 }}
      />
    </Modal>
  );
}
