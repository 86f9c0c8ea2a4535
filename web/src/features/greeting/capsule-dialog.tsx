import { CAPSULE_MAX, greetingCalls } from '@erp/contract/modules/greeting';
import { useMutation } from '@tanstack/react-query';
import { App, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/client';

/** The time-capsule note (≤ 100 characters, not blank), confirmed because it can change once a year (spec 000 §5). */
export function CapsuleDialog({ open, onClose }: { open: boolean; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [content, setContent] = useState('');
  const save = useMutation({
    mutationFn: (text: string) => api(greetingCalls.saveCapsule, { content: text, isCapsule: true }),
    onSuccess: () => {
      message.success(t('greeting.saved'));
      onClose(true);
    },
  });

  const submit = () => {
    const text = content.trim();
    if (!text) {
      message.warning(t('greeting.fill'));
      return;
    }
    modal.confirm({ title: t('greeting.capsuleConfirm'), onOk: () => save.mutateAsync(text).catch(() => undefined) });
  };

  return (
    <Modal
      open={open}
      title={t('greeting.capsuleTitle')}
      okText={t('greeting.submit')}
      cancelText={t('greeting.later')}
      onOk={submit}
      okButtonProps={{ loading: save.isPending }}
      onCancel={() => onClose(false)}
      maskClosable={false}
      destroyOnHidden
    >
      <p>{t('greeting.capsuleHint')}</p>
      <Input.TextArea
        aria-label={t('greeting.capsuleTitle')}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        maxLength={CAPSULE_MAX}
        showCount
        rows={4}
        placeholder={t('greeting.capsulePlaceholder')}
      />
    </Modal>
  );
}
