import { greetingCalls } from '@erp/contract/modules/greeting';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/client';
import { useLoginInfo } from '../../app/session/session-store';
import { BirthdayColleagues, todayBirthdaysKey } from './birthday-colleagues';
import './greeting-texts';

/** A small "今日寿星 (n)" entry for the workbench that opens the list with one-click blessings. Renders nothing when nobody else has a birthday today. */
export default function TodayBirthdays() {
  const { t } = useTranslation();
  const info = useLoginInfo();
  const [open, setOpen] = useState(false);
  const q = useQuery({ queryKey: todayBirthdaysKey, queryFn: () => api(greetingCalls.birthdayCurrentDayList, {}, { silent: true }), retry: false });
  const others = (q.data ?? []).filter((p) => p.userId !== info?.userId);
  if (!others.length) return null;
  return (
    <>
      <Button type="link" onClick={() => setOpen(true)} data-testid="today-birthdays">
        🎂 {t('greeting.todayTitle')}（{others.length}）
      </Button>
      <BirthdayColleagues open={open} people={others} onClose={() => setOpen(false)} />
    </>
  );
}
