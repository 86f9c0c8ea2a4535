import { greetingCalls } from '@erp/contract/modules/greeting';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../app/api/client';
import { useLoginInfo } from '../../app/session/session-store';
import { todayBirthdaysKey } from './birthday-keys';
import { useGreetingSteps } from './use-greeting-steps';

/** Loaded only when a greeting is due (antd Modal, Result and the capsule form are not first-paint code). */
const GreetingDialogs = lazy(() => import('./greeting-dialogs'));
const TodayBirthdays = lazy(() => import('./today-birthdays'));

/** On the workbench: a small "今日寿星" entry when colleagues have their birthday today (blessings). */
function BirthdaysEntry() {
  const login = useLoginInfo();
  const q = useQuery({
    queryKey: todayBirthdaysKey,
    queryFn: () => api(greetingCalls.birthdayCurrentDayList, {}, { silent: true }),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const others = (q.data ?? []).filter((p) => p.userId !== login?.userId);
  if (!others.length) return null;
  return (
    <div style={{ position: 'fixed', left: 16, bottom: 16, zIndex: 100 }}>
      <Suspense fallback={null}>
        <TodayBirthdays people={others} />
      </Suspense>
    </div>
  );
}

/** Mounted by the shell after sign-in (app/extensions.ts): greeting dialogs when due, birthday blessings on the workbench. */
export default function GreetingExtension() {
  const { steps, info } = useGreetingSteps();
  const { pathname } = useLocation();
  // Tells automation (and anything else waiting for a calm screen) whether greeting dialogs are coming.
  useEffect(() => {
    if (steps !== null) document.documentElement.dataset.greetings = steps.length ? 'due' : 'none';
  }, [steps]);
  return (
    <>
      {steps && steps.length > 0 && (
        <Suspense fallback={null}>
          <GreetingDialogs steps={steps} greeting={info} />
        </Suspense>
      )}
      {pathname.startsWith('/WorkBench/index') && <BirthdaysEntry />}
    </>
  );
}
