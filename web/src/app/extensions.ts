import type { ComponentType } from 'react';

/**
 * Components mounted once inside the signed-in shell, beside the layout: the greeting dialogs
 * (web/src/features/greeting) and the live channel starter (web/src/features/live). A feature
 * takes part by adding `shell-extension.tsx` with a default-exported component to its folder —
 * it is picked up here at build time and loaded lazily after sign-in, so it never weighs on the
 * entry page. Order: alphabetical by folder.
 */
const extensionFiles = import.meta.glob<{ default: ComponentType }>('../features/*/shell-extension.tsx');

export const shellExtensions: Array<{ name: string; load: () => Promise<{ default: ComponentType }> }> = Object.entries(extensionFiles)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([file, load]) => ({ name: file.split('/')[2] ?? file, load }));
