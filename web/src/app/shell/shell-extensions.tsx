import { type ComponentType, lazy, Suspense } from 'react';
import { shellExtensions } from '../extensions';
import { ScreenErrorBoundary } from './screen-error-boundary';

const mounted: Array<{ name: string; Component: ComponentType }> = shellExtensions.map((e) => ({ name: e.name, Component: lazy(e.load) }));

/** Mounts the features' shell extensions (greetings, live channel) once the user is signed in. */
export function ShellExtensions() {
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
