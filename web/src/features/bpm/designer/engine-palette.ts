/**
 * The modeler offers only what our engine runs (docs/domain/approval-engine.md, "Elements"): bpmn-js's
 * palette, context pad and replace menu are filtered to those elements, and the palette creates an
 * approval step (user task) directly. Everything else would only be refused at deploy.
 */

/** Palette entries kept (bpmn-js ids); `create.user-task` is ours. */
export const PALETTE_KEEP: ReadonlySet<string> = new Set([
  'hand-tool',
  'lasso-tool',
  'space-tool',
  'global-connect-tool',
  'tool-separator',
  'create.start-event',
  'create.end-event',
  'create.exclusive-gateway',
  'create.subprocess-expanded',
  'create.user-task',
]);

/** Context pad entries kept: append what we run, connect, replace, delete, annotate. */
export const CONTEXT_PAD_KEEP: ReadonlySet<string> = new Set([
  'append.end-event',
  'append.gateway',
  'append.append-task',
  'append.text-annotation',
  'connect',
  'replace',
  'delete',
]);

/** Replace-menu entries kept (bpmn-js action names) and the multi-instance / interrupting toggles. */
export const REPLACE_KEEP: ReadonlySet<string> = new Set([
  'replace-with-user-task',
  'replace-with-task',
  'replace-with-manual-task',
  'replace-with-service-task',
  'replace-with-none-start',
  'replace-with-none-end',
  'replace-with-none-intermediate-throw',
  'replace-with-exclusive-gateway',
  'replace-with-parallel-gateway',
  'replace-with-inclusive-gateway',
  'replace-with-subprocess',
  'replace-with-expanded-subprocess',
  'replace-with-collapsed-subprocess',
  'replace-with-timer-boundary',
  'replace-with-non-interrupting-timer-boundary',
  'replace-with-sequence-flow',
  'replace-with-default-flow',
  'replace-with-conditional-flow',
  'toggle-parallel-mi',
  'toggle-sequential-mi',
  'toggle-non-interrupting',
]);

/** Removes, in place, the entries not in `keep`; answers the same object (bpmn-js providers' contract). */
export function keepOnly<T>(entries: Record<string, T>, keep: ReadonlySet<string>): Record<string, T> {
  for (const key of Object.keys(entries)) if (!keep.has(key)) delete entries[key];
  return entries;
}

type Entries = Record<string, unknown>;
interface ProviderHost {
  registerProvider(...args: unknown[]): void;
}
interface Shape {
  businessObject: unknown;
}
interface ElementFactory {
  createShape(attrs: { type: string }): Shape;
}
interface BpmnFactory {
  create(type: string, attrs: Record<string, unknown>): unknown;
}
interface Create {
  start(event: Event, shape: Shape): void;
}

class EnginePalette {
  static $inject = ['palette', 'create', 'elementFactory', 'bpmnFactory'];
  constructor(
    palette: ProviderHost,
    private readonly create: Create,
    private readonly elementFactory: ElementFactory,
    private readonly bpmnFactory: BpmnFactory,
  ) {
    palette.registerProvider(400, this);
  }
  getPaletteEntries() {
    return (entries: Entries) => {
      const createUserTask = (event: Event) => {
        const businessObject = this.bpmnFactory.create('bpmn:UserTask', { name: '审批' });
        const shape = this.elementFactory.createShape({ type: 'bpmn:UserTask', businessObject } as { type: string });
        this.create.start(event, shape);
      };
      entries['create.user-task'] = {
        group: 'activity',
        className: 'bpmn-icon-user-task',
        title: '审批节点（用户任务）',
        action: { dragstart: createUserTask, click: createUserTask },
      };
      return keepOnly(entries, PALETTE_KEEP);
    };
  }
}

class EngineContextPad {
  static $inject = ['contextPad'];
  constructor(contextPad: ProviderHost) {
    contextPad.registerProvider(400, this);
  }
  getContextPadEntries() {
    return (entries: Entries) => keepOnly(entries, CONTEXT_PAD_KEEP);
  }
}

class EngineReplaceMenu {
  static $inject = ['popupMenu'];
  constructor(popupMenu: ProviderHost) {
    popupMenu.registerProvider('bpmn-replace', 400, this);
  }
  getPopupMenuEntries() {
    return (entries: Entries) => keepOnly(entries, REPLACE_KEEP);
  }
  getPopupMenuHeaderEntries() {
    return (entries: Entries) => keepOnly(entries, REPLACE_KEEP);
  }
}

/** A bpmn-js module (`additionalModules`). */
export const enginePaletteModule = {
  __init__: ['enginePalette', 'engineContextPad', 'engineReplaceMenu'],
  enginePalette: ['type', EnginePalette],
  engineContextPad: ['type', EngineContextPad],
  engineReplaceMenu: ['type', EngineReplaceMenu],
};
