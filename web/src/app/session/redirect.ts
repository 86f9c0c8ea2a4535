/** Only in-app paths are accepted as redirect targets (no open redirect to another site, no loop back to sign-in). */
export function safeRedirect(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.startsWith('/entry') || value.startsWith('/login')) return '/';
  return value;
}
