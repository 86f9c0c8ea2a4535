import type { BirthdayPerson } from '@erp/contract/modules/greeting';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BirthdayColleagues } from './birthday-colleagues';
import './greeting-texts';

/** "🎂 今日寿星（n）": opens the list of today's birthday colleagues with one-click blessings. */
export default function TodayBirthdays({ people }: { people: BirthdayPerson[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button shape="round" onClick={() => setOpen(true)} data-testid="today-birthdays">
        🎂 {t('greeting.todayTitle')}（{people.length}）
      </Button>
      <BirthdayColleagues open={open} people={people} onClose={() => setOpen(false)} />
    </>
  );
}
