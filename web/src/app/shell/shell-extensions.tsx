import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { shellExtensions } from '../extensions';
import { useFirstScreenShown } from './first-screen';
import { ScreenErrorBoundary } from './screen-error-boundary';

const mounted: Array<{ name: string; Component: ComponentType }> = shellExtensions.map((e) => ({ name: e.name, Component: lazy(e.load) }));

/** True once the first screen has rendered and the browser was idle after it (at most 1.5 s later). */
function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  const shown = useFirstScreenShown();
  useEffect(() => {
    if (!shown) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setReady(true), { timeout: 1500 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setReady(true), 300);
    return () => clearTimeout(timer);
  }, [shown]);
  return ready;
}

/**
 * Mounts the features' shell extensions (greetings, live channel) once the user is signed in,
 * after the first screen is interactive so they never delay it.
 */
export function ShellExtensions() {
  const ready = useAfterFirstScreen();
  if (!ready) return null;
  return (
    <>
      {mounted.map(({ name, Component }) => (
        <ScreenErrorBoundary key={name}>
          <Suspense fallback={null}>
            <Component />
          </Suspense>
        </ScreenErrorBoundary>
      ))}
    </>
  );
}
