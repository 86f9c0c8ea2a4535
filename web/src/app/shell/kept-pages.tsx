import { Activity, memo, useMemo } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import type { VisitedTab } from './tabs-store';

/** Renders one tab's screen against the tab's own location, so a hidden page keeps its state and its query. */
const KeptPage = memo(function KeptPage({ routes, path, search }: { routes: RouteObject[]; path: string; search: string }) {
  const location = useMemo(() => ({ pathname: path, search, hash: '', state: null, key: path }), [path, search]);
  return useRoutes(routes, location);
});

/** Every open tab stays mounted; only the active one is visible (React <Activity> keeps hidden state). */
export function KeptPages({ tabs, activePath, routes }: { tabs: readonly VisitedTab[]; activePath: string; routes: RouteObject[] }) {
  return (
    <>
      {tabs.map((tab) => (
        <Activity key={tab.path} mode={tab.path === activePath ? 'visible' : 'hidden'}>
          <KeptPage routes={routes} path={tab.path} search={tab.search} />
        </Activity>
      ))}
    </>
  );
}
