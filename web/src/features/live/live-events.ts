import type { LiveEvent, LiveTodo } from '@erp/contract/modules/msg';

export type LiveAction = { kind: 'ignore' } | { kind: 'refresh' } | { kind: 'voice'; content: string } | { kind: 'todo'; todo: LiveTodo };

/** What the shell does with a push: mailMsg ignored, chatContent to the voice store, counts refreshed, anything else a to-do popup. */
export function actionFor(event: LiveEvent): LiveAction {
  switch (event.type) {
    case 'mailMsg':
      return { kind: 'ignore' };
    case 'chatContent':
      return { kind: 'voice', content: (event as { content: string }).content };
    case 'message':
    case 'unread':
      return { kind: 'refresh' };
    default:
      return { kind: 'todo', todo: event as LiveTodo };
  }
}
