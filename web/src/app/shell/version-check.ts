export const VERSION_KEY = 'appVersion';

/**
 * Compares the published build (version.json, fetched with a timestamp so no cache answers)
 * with the stored one — or, on first use, the build this page runs. When they differ the new
 * version is stored and the page reloads once (spec 000 §4). Network or parse failures are ignored.
 */
export async function checkVersion(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  let published: string | undefined;
  try {
    const res = await fetchImpl(`${import.meta.env.BASE_URL}version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('json')) return false;
    published = ((await res.json()) as { version?: unknown }).version as string | undefined;
  } catch {
    return false;
  }
  if (typeof published !== 'string' || !published) return false;
  const current = localStorage.getItem(VERSION_KEY) ?? __BUILD_ID__;
  if (published === current) {
    localStorage.setItem(VERSION_KEY, published);
    return false;
  }
  localStorage.setItem(VERSION_KEY, published);
  location.reload();
  return true;
}
