import { greetingCalls } from '@erp/contract/modules/greeting';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../app/api/client';
import { FIRST_LOGIN_KEY, useLoginInfo } from '../../app/session/session-store';
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
    <aside aria-label="今日寿星" style={{ position: 'fixed', left: 12, bottom: 12, zIndex: 100 }}>
      <Suspense fallback={null}>
        <TodayBirthdays people={others} />
      </Suspense>
    </aside>
  );
}

/** Mounted by the shell after sign-in (app/extensions.ts): greeting dialogs when due, birthday blessings on the workbench. */
export default function GreetingExtension() {
  const { steps, info } = useGreetingSteps();
  const { pathname } = useLocation();
  // Tells automation (and anything else waiting for a calm screen) whether greeting dialogs are
  // coming: due, then done once the last is closed (greeting-dialogs.tsx); none when there are none.
  useEffect(() => {
    if (steps === null) return;
    document.documentElement.dataset.greetings = steps.length ? 'due' : 'none';
    // Decided once per sign-in: a full-page route, a 404 or a reload mounts the shell again and must not replay them.
    sessionStorage.removeItem(FIRST_LOGIN_KEY);
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
