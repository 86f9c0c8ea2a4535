import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which call is being answered and from where, for records a service writes about the request it
 * serves without being handed the request (the personal-data read log: who, from where, by which call).
 */
export interface RequestInfo {
  call: string;
  ip: string | null;
}

const requests = new AsyncLocalStorage<RequestInfo>();

export const withRequest = <T>(info: RequestInfo, work: () => T): T => requests.run(info, work);

export const currentRequest = (): RequestInfo | null => requests.getStore() ?? null;
