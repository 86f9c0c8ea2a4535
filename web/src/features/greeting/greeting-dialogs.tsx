import type { GreetingInfo } from '@erp/contract/modules/greeting';
import { Button, Modal, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginInfo } from '../../app/session/session-store';
import { CapsuleDialog } from './capsule-dialog';
import './greeting-texts';
import type { GreetingStep } from './use-greeting-steps';

/** The due greetings, one after another (loaded only when at least one is due). */
export default function GreetingDialogs({ steps, greeting }: { steps: GreetingStep[]; greeting: GreetingInfo | undefined }) {
  const { t } = useTranslation();
  const info = useLoginInfo();
  const [queue, setQueue] = useState<GreetingStep[]>(steps);

  const step = queue?.[0];
  const next = () => setQueue((q) => q.slice(1));
  const name = greeting?.realName ?? info?.realName ?? '';
  // The last one closed: the screen is calm again (shell-extension.tsx says when dialogs are due).
  useEffect(() => {
    if (queue.length === 0) document.documentElement.dataset.greetings = 'done';
  }, [queue]);

  return (
    <>
      <Modal open={step === 'birthday'} footer={null} onCancel={next} centered destroyOnHidden>
        <Result
          status="success"
          icon={<span style={{ fontSize: 56 }}>🎂</span>}
          title={t('greeting.birthdayTitle')}
          subTitle={t('greeting.birthdayText', { name })}
          extra={
            <Button type="primary" onClick={next}>
              {t('greeting.thanks')}
            </Button>
          }
        />
      </Modal>
      <Modal open={step === 'anniversary'} footer={null} onCancel={next} centered destroyOnHidden>
        <Result
          status="success"
          icon={<span style={{ fontSize: 56 }}>🎉</span>}
          title={t('greeting.anniversaryTitle')}
          subTitle={t('greeting.anniversaryText', { name, year: greeting?.year ?? 0, days: greeting?.days ?? 0 })}
          extra={
            <Button type="primary" onClick={next}>
              {t('greeting.thanks')}
            </Button>
          }
        />
      </Modal>
      <CapsuleDialog open={step === 'capsule'} onClose={next} />
    </>
  );
}
