import type { BirthdayPerson } from '@erp/contract/modules/greeting';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './greeting-texts';

/** The list dialog (antd Modal, List) loads when the entry is first clicked, not with the workbench. */
const BirthdayColleagues = lazy(() => import('./birthday-colleagues').then((m) => ({ default: m.BirthdayColleagues })));

/** "🎂 今日寿星（n）": opens the list of today's birthday colleagues with one-click blessings. */
export default function TodayBirthdays({ people }: { people: BirthdayPerson[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog's closing animation still plays.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        shape="round"
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
        data-testid="today-birthdays"
      >
        🎂 {t('greeting.todayTitle')}（{people.length}）
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <BirthdayColleagues open={open} people={people} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
