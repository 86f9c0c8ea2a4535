/** The small part of bpmn-js's object model the designer touches (bpmn-js types its services loosely). */
export interface BusinessObject {
  $type: string;
  id: string;
  name?: string;
  get(name: string): unknown;
  conditionExpression?: { body?: string };
  default?: BusinessObject;
  sourceRef?: BusinessObject;
  targetRef?: BusinessObject;
  outgoing?: BusinessObject[];
}

export interface DiagramElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
}

export interface Modeling {
  updateProperties(element: DiagramElement, props: Record<string, unknown>): void;
  /** Changes a nested moddle element (e.g. a timer definition) through the command stack, so undo works. */
  updateModdleProperties(element: DiagramElement, moddleElement: object, props: Record<string, unknown>): void;
}

export interface ModdleFactory {
  create(type: string, attrs: Record<string, unknown>): unknown;
}

export interface ElementRegistry {
  get(id: string): DiagramElement | undefined;
}

export interface Canvas {
  /** Before a diagram is imported this is an implicit root without a business object. */
  getRootElement(): DiagramElement;
  zoom(level: 'fit-viewport' | number): void;
}

export interface EventBus {
  on(event: string, cb: (e: { element?: DiagramElement; newSelection?: DiagramElement[] }) => void): void;
}

export interface ModelerLike {
  importXML(xml: string): Promise<{ warnings: unknown[] }>;
  saveXML(opts: { format: boolean }): Promise<{ xml?: string }>;
  get<T>(name: string): T;
  destroy(): void;
}

export const EMPTY_DIAGRAM = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:erp="http://erp.local/schema/bpmn" id="Definitions_${key}" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="${key}" name="${name}" isExecutable="true" erp:fallbackUser="admin">
    <bpmn:startEvent id="start" name="发起" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${key}">
    <bpmndi:BPMNPlane id="Plane_${key}" bpmnElement="${key}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="102" width="36" height="36" /></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
