import { type BirthdayPerson, greetingCalls } from '@erp/contract/modules/greeting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, List, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/client';

import { todayBirthdaysKey } from './birthday-keys';

/** Colleagues whose birthday is today, each with a one-click blessing (once a day). */
export function BirthdayColleagues({ open, people, onClose }: { open: boolean; people: BirthdayPerson[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const bless = useMutation({
    mutationFn: (userId: number) => api(greetingCalls.blessing, { userId }),
    onSuccess: () => {
      message.success(t('greeting.blessSent'));
      void queryClient.invalidateQueries({ queryKey: todayBirthdaysKey });
    },
  });
  return (
    <Modal open={open} title={t('greeting.todayTitle')} footer={null} onCancel={onClose} destroyOnHidden>
      <List
        dataSource={people}
        rowKey="userId"
        renderItem={(p) => (
          <List.Item
            actions={[
              <Button
                key="bless"
                size="small"
                type="primary"
                disabled={p.blessed}
                loading={bless.isPending && bless.variables === p.userId}
                onClick={() => bless.mutate(p.userId)}
              >
                {p.blessed ? t('greeting.blessed') : t('greeting.bless')}
              </Button>,
            ]}
          >
            <List.Item.Meta title={p.realName} description={p.orgName ?? ''} />
          </List.Item>
        )}
      />
    </Modal>
  );
}
