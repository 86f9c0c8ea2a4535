/**
 * A module loaded the first time it is needed. For packages a process may never use (Redis without
 * REDIS_URL, SMTP without SMTP_URL) or uses rarely (spreadsheets): loaded together at start they
 * added ~40 MB to every process's memory and time to its start. A failed load is tried again next time.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
