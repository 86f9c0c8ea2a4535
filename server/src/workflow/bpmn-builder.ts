import type { Condition } from '@erp/contract';

/** A compact way to write definitions in tests and benchmarks (no diagram information). */
export interface SketchNode {
  id: string;
  type: 'startEvent' | 'endEvent' | 'userTask' | 'exclusiveGateway' | 'parallelGateway' | string;
  name?: string;
  /** Extension attributes without the prefix, e.g. { assigneeType: 'role', assigneeValue: 'hr' }. */
  erp?: Record<string, string | number>;
  /** Exclusive gateway: id of the default flow. */
  default?: string;
}

export interface Sketch {
  key: string;
  name?: string;
  erp?: Record<string, string | number>;
  nodes: SketchNode[];
  /** [id, source, target, condition?] */
  flows: Array<[string, string, string, Condition?]>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const attrs = (erp: Record<string, string | number> = {}) =>
  Object.entries(erp)
    .map(([k, v]) => ` erp:${k}="${esc(String(v))}"`)
    .join('');

export function sketchXml(s: Sketch): string {
  const nodes = s.nodes
    .map((n) => `<bpmn:${n.type} id="${n.id}"${n.name ? ` name="${esc(n.name)}"` : ''}${n.default ? ` default="${n.default}"` : ''}${attrs(n.erp)} />`)
    .join('\n    ');
  const flows = s.flows
    .map(([id, from, to, cond]) =>
      cond
        ? `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${esc(JSON.stringify(cond))}</bpmn:conditionExpression></bpmn:sequenceFlow>`
        : `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`,
    )
    .join('\n    ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:erp="http://erp.local/schema/bpmn" id="defs_${s.key}" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="${s.key}" name="${esc(s.name ?? s.key)}" isExecutable="true"${attrs(s.erp)}>
    ${nodes}
    ${flows}
  </bpmn:process>
</bpmn:definitions>`;
}

/** start → one task per rule, in a line → end (a rule's `name` names its node, else 任务n). */
export function lineXml(key: string, tasks: Array<Record<string, string | number>>, processErp: Record<string, string | number> = {}): string {
  const ids = tasks.map((_, i) => `t${i + 1}`);
  const chain = ['s', ...ids, 'e'];
  return sketchXml({
    key,
    erp: processErp,
    nodes: [
      { id: 's', type: 'startEvent' },
      ...tasks.map(({ name, ...erp }, i) => ({ id: ids[i] as string, type: 'userTask', name: typeof name === 'string' ? name : `任务${i + 1}`, erp })),
      { id: 'e', type: 'endEvent' },
    ],
    flows: chain.slice(1).map((to, i) => [`f${i}`, chain[i] as string, to] as [string, string, string]),
  });
}
