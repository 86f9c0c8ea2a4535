import { greetingCalls } from '@erp/contract/modules/greeting';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/client';
import { FIRST_LOGIN_KEY, useLoginInfo } from '../../app/session/session-store';
import { CapsuleDialog } from './capsule-dialog';
import './greeting-texts';

type Step = 'birthday' | 'anniversary' | 'capsule';

/**
 * The greetings after sign-in, one after another: birthday and anniversary (only when due), then
 * the time capsule when this year's note is missing (spec 000 §2). Only right after a sign-in
 * (the shell's first-login flag) and only for the session's first greeting request (server).
 */
export function GreetingDialogs() {
  const { t } = useTranslation();
  const info = useLoginInfo();
  const [signedInNow] = useState(() => sessionStorage.getItem(FIRST_LOGIN_KEY) === '1');
  const [queue, setQueue] = useState<Step[] | null>(null);
  const greeting = useQuery({
    queryKey: ['greeting', 'first-login'],
    queryFn: () => api(greetingCalls.getFirstLoginInfo, { userId: String(info?.userId ?? '') }, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled: !!info && signedInNow,
  });
  const extra = useQuery({
    queryKey: ['greeting', 'extra'],
    queryFn: () => api(greetingCalls.getReplenishPresonInfo, {}, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled: !!info && signedInNow,
  });

  const settled = greeting.isFetched && extra.isFetched;
  useEffect(() => {
    if (!settled || queue !== null) return;
    const g = greeting.data;
    const steps: Step[] = [];
    if (g?.isFirstLogin && g.isBirthday) steps.push('birthday');
    if (g?.isFirstLogin && g.year) steps.push('anniversary');
    if (g?.isFirstLogin && extra.data && !extra.data.isCapsule) steps.push('capsule');
    setQueue(steps);
  }, [settled, queue, greeting.data, extra.data]);

  const step = queue?.[0];
  const next = () => setQueue((q) => (q ? q.slice(1) : q));
  const name = greeting.data?.realName ?? info?.realName ?? '';

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
          subTitle={t('greeting.anniversaryText', { name, year: greeting.data?.year ?? 0, days: greeting.data?.days ?? 0 })}
          extra={
            <Button type="primary" onClick={next}>
              {t('greeting.thanks')}
            </Button>
          }
        />
      </Modal>
      <CapsuleDialog
        open={step === 'capsule'}
        onClose={(saved) => {
          if (saved) void extra.refetch();
          next();
        }}
      />
    </>
  );
}
