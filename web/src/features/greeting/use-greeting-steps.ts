import { type GreetingInfo, greetingCalls } from '@erp/contract/modules/greeting';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { FIRST_LOGIN_KEY, useLoginInfo } from '../../app/session/session-store';

export type GreetingStep = 'birthday' | 'anniversary' | 'capsule';

/**
 * Which greetings are due, decided from the server's answers only (no UI code here, so the dialogs
 * load only when something is due): right after a sign-in (the shell's first-login flag) and for
 * the session's first greeting request (server): birthday, anniversary, then the capsule when this
 * year's note is missing.
 */
export function useGreetingSteps(): { steps: GreetingStep[] | null; info: GreetingInfo | undefined } {
  const login = useLoginInfo();
  const [signedInNow] = useState(() => sessionStorage.getItem(FIRST_LOGIN_KEY) === '1');
  const enabled = !!login && signedInNow;
  const greeting = useQuery({
    queryKey: ['greeting', 'first-login'],
    queryFn: () => api(greetingCalls.getFirstLoginInfo, { userId: String(login?.userId ?? '') }, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled,
  });
  const extra = useQuery({
    queryKey: ['greeting', 'extra'],
    queryFn: () => api(greetingCalls.getReplenishPresonInfo, {}, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled,
  });
  if (!enabled) return { steps: [], info: undefined };
  if (!greeting.isFetched || !extra.isFetched) return { steps: null, info: undefined };
  const g = greeting.data;
  const steps: GreetingStep[] = [];
  if (g?.isFirstLogin && g.isBirthday) steps.push('birthday');
  if (g?.isFirstLogin && g.year) steps.push('anniversary');
  if (g?.isFirstLogin && extra.data && !extra.data.isCapsule) steps.push('capsule');
  return { steps, info: g };
}
