import { bpmCalls } from '@erp/contract/modules/bpm';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/client';

/** People to transfer to or add as signer, searched on the server; the server never offers the current user. */
export function usePeople(keyword: string) {
  return useQuery({
    queryKey: ['bpm', 'candidateUsers', keyword],
    queryFn: () => api(bpmCalls.candidateUsers, { keyword }),
    staleTime: 30_000,
  });
}
