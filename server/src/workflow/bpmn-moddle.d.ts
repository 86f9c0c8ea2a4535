// bpmn-moddle ships types for its meta-model only; this is the small surface the parser uses.
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id?: string;
    name?: string;
    [key: string]: unknown;
  }
  export interface ParseResult {
    rootElement: ModdleElement;
    warnings: Array<{ message: string }>;
  }
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<ParseResult>;
  }
}
