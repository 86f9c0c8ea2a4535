import type { ReactNode } from 'react';

/** White panel every base-data screen sits in. */
export function ScreenFrame({ children }: { children: ReactNode }) {
  return <div style={{ padding: 16, background: 'var(--ant-color-bg-container, #fff)', minHeight: '100%' }}>{children}</div>;
}
