import { FIXED_REDIRECTS } from './fixed-routes';
import { findScreen } from './screens';

/**
 * Whether a path (or menu component) leads to an area not built yet: no feature registered a
 * screen for it. Data-driven, so a badge disappears by itself when the area's screens land.
 */
export function isPendingRoute(path: string, component?: string): boolean {
  if (/^https?:/.test(path)) return false;
  const target = FIXED_REDIRECTS[path] ?? path;
  return !findScreen(target) && !(component && component !== 'Layout' && findScreen(component));
}
