import { describe, expect, it } from 'vitest';
import { CONTEXT_PAD_KEEP, keepOnly, PALETTE_KEEP, REPLACE_KEEP } from './engine-palette';

describe('the modeler offers only what the engine runs', () => {
  it('drops bpmn-js palette entries the engine refuses and keeps the approval step', () => {
    const entries = Object.fromEntries(
      [
        'hand-tool',
        'create.start-event',
        'create.intermediate-event',
        'create.data-object',
        'create.participant-expanded',
        'create.group',
        'create.task',
        'create.user-task',
      ].map((k) => [k, {}]),
    );
    expect(Object.keys(keepOnly(entries, PALETTE_KEEP))).toEqual(['hand-tool', 'create.start-event', 'create.user-task']);
  });

  it('drops the replace options for tasks and events that would be refused at deploy', () => {
    const offered = [
      'replace-with-user-task',
      'replace-with-send-task',
      'replace-with-script-task',
      'replace-with-rule-task',
      'replace-with-receive-task',
      'replace-with-call-activity',
      'replace-with-message-boundary',
      'replace-with-timer-boundary',
      'toggle-loop',
      'toggle-parallel-mi',
    ];
    expect(Object.keys(keepOnly(Object.fromEntries(offered.map((k) => [k, {}])), REPLACE_KEEP))).toEqual([
      'replace-with-user-task',
      'replace-with-timer-boundary',
      'toggle-parallel-mi',
    ]);
  });

  it('keeps append, connect, replace and delete on the context pad but not message or signal events', () => {
    const offered = ['append.append-task', 'append.message-intermediate-event', 'append.receive-task', 'connect', 'delete', 'replace'];
    expect(Object.keys(keepOnly(Object.fromEntries(offered.map((k) => [k, {}])), CONTEXT_PAD_KEEP))).toEqual([
      'append.append-task',
      'connect',
      'delete',
      'replace',
    ]);
  });
});
