import type { TestProject } from 'vitest/node';
import { buildTemplate, dropTemplate } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: 'pglite' | 'postgres'; ref: string };
  }
}

export default async function setup(project: TestProject) {
  const template = await buildTemplate();
  project.provide('dbTemplate', template);
  return () => dropTemplate(template);
}
