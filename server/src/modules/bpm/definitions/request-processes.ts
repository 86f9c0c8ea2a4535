import { GENERAL_REQUEST_KEY, LEAVE_REQUEST_KEY, SEAL_REQUEST_KEY } from '@erp/contract';

/**
 * The general requests every office uses, deployed on first start and on upgrade when their key
 * was never deployed (an administrator's later version or switch-off is kept). Their forms are in
 * the contract (bpm-forms.ts); the routes below can be redrawn in the designer.
 */
const head = (id: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:erp="http://erp.local/schema/bpmn" id="Definitions_${id}" targetNamespace="http://erp.local/bpmn">`;
const shape = (id: string, x: number, y: number, w: number, h: number, marker = false) =>
  `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"${marker ? ' isMarkerVisible="true"' : ''}><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}" /></bpmndi:BPMNShape>`;
const edge = (id: string, points: Array<[number, number]>) =>
  `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`;
const event = (id: string, x: number) => shape(id, x, 122, 36, 36);
const task = (id: string, x: number) => shape(id, x, 100, 100, 80);
const gateway = (id: string, x: number) => shape(id, x, 115, 50, 50, true);
const diagram = (key: string, parts: string[]) => `  <bpmndi:BPMNDiagram id="Diagram_${key}">
    <bpmndi:BPMNPlane id="Plane_${key}" bpmnElement="${key}">
      ${parts.join('\n      ')}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

/** 通用申请: the applicant's direct superior decides. */
export const GENERAL_REQUEST_XML = `${head(GENERAL_REQUEST_KEY)}
  <bpmn:process id="${GENERAL_REQUEST_KEY}" name="通用申请" isExecutable="true" erp:fallbackUser="admin" erp:revocable="untouched" erp:category="OA">
    <bpmn:startEvent id="start" name="发起申请" />
    <bpmn:userTask id="superiorApprove" name="直属上级审批" erp:assigneeType="superior" erp:mode="any" erp:timeLimitHours="48" />
    <bpmn:endEvent id="end" name="结束" />
    <bpmn:sequenceFlow id="flow1" sourceRef="start" targetRef="superiorApprove" />
    <bpmn:sequenceFlow id="flow2" sourceRef="superiorApprove" targetRef="end" />
  </bpmn:process>
${diagram(GENERAL_REQUEST_KEY, [
  event('start', 112),
  task('superiorApprove', 200),
  event('end', 352),
  edge('flow1', [
    [148, 140],
    [200, 140],
  ]),
  edge('flow2', [
    [300, 140],
    [352, 140],
  ]),
])}`;

/** 请假申请: the department leader; more than 3 days also HR. */
export const LEAVE_REQUEST_XML = `${head(LEAVE_REQUEST_KEY)}
  <bpmn:process id="${LEAVE_REQUEST_KEY}" name="请假申请" isExecutable="true" erp:fallbackUser="admin" erp:revocable="untouched" erp:category="OA">
    <bpmn:startEvent id="start" name="发起申请" />
    <bpmn:userTask id="deptManager" name="部门负责人审批" erp:assigneeType="deptLeader" erp:assigneeLevels="1" erp:mode="any" erp:timeLimitHours="24" />
    <bpmn:exclusiveGateway id="daysGateway" name="是否超过3天" default="flowShort" />
    <bpmn:userTask id="hrApprove" name="人力资源审批" erp:assigneeType="role" erp:assigneeValue="hr" erp:mode="any" erp:timeLimitHours="48" />
    <bpmn:endEvent id="end" name="结束" />
    <bpmn:sequenceFlow id="flow1" sourceRef="start" targetRef="deptManager" />
    <bpmn:sequenceFlow id="flow2" sourceRef="deptManager" targetRef="daysGateway" />
    <bpmn:sequenceFlow id="flowLong" name="超过3天" sourceRef="daysGateway" targetRef="hrApprove">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">{"field":"days","op":"gt","value":3}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="flowShort" name="3天及以内" sourceRef="daysGateway" targetRef="end" />
    <bpmn:sequenceFlow id="flow4" sourceRef="hrApprove" targetRef="end" />
  </bpmn:process>
${diagram(LEAVE_REQUEST_KEY, [
  event('start', 112),
  task('deptManager', 200),
  gateway('daysGateway', 355),
  task('hrApprove', 460),
  event('end', 622),
  edge('flow1', [
    [148, 140],
    [200, 140],
  ]),
  edge('flow2', [
    [300, 140],
    [355, 140],
  ]),
  edge('flowLong', [
    [405, 140],
    [460, 140],
  ]),
  edge('flowShort', [
    [380, 165],
    [380, 240],
    [640, 240],
    [640, 158],
  ]),
  edge('flow4', [
    [560, 140],
    [622, 140],
  ]),
])}`;

/** 用印申请: the department leader; the finance seal also finance; then the seal keeper (HR and administration). */
export const SEAL_REQUEST_XML = `${head(SEAL_REQUEST_KEY)}
  <bpmn:process id="${SEAL_REQUEST_KEY}" name="用印申请" isExecutable="true" erp:fallbackUser="admin" erp:revocable="untouched" erp:category="OA">
    <bpmn:startEvent id="start" name="发起申请" />
    <bpmn:userTask id="deptManager" name="部门负责人审批" erp:assigneeType="deptLeader" erp:assigneeLevels="1" erp:mode="any" erp:timeLimitHours="24" />
    <bpmn:exclusiveGateway id="sealGateway" name="是否财务专用章" default="flowOther" />
    <bpmn:userTask id="financeApprove" name="财务审批" erp:assigneeType="role" erp:assigneeValue="finance" erp:mode="any" erp:timeLimitHours="48" />
    <bpmn:userTask id="sealKeeper" name="印章管理员用印" erp:assigneeType="role" erp:assigneeValue="hr" erp:mode="any" />
    <bpmn:endEvent id="end" name="结束" />
    <bpmn:sequenceFlow id="flow1" sourceRef="start" targetRef="deptManager" />
    <bpmn:sequenceFlow id="flow2" sourceRef="deptManager" targetRef="sealGateway" />
    <bpmn:sequenceFlow id="flowFinance" name="财务专用章" sourceRef="sealGateway" targetRef="financeApprove">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">{"field":"sealType","op":"eq","value":"003"}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="flowOther" name="其他印章" sourceRef="sealGateway" targetRef="sealKeeper" />
    <bpmn:sequenceFlow id="flow4" sourceRef="financeApprove" targetRef="sealKeeper" />
    <bpmn:sequenceFlow id="flow5" sourceRef="sealKeeper" targetRef="end" />
  </bpmn:process>
${diagram(SEAL_REQUEST_KEY, [
  event('start', 112),
  task('deptManager', 200),
  gateway('sealGateway', 355),
  task('financeApprove', 460),
  task('sealKeeper', 620),
  event('end', 782),
  edge('flow1', [
    [148, 140],
    [200, 140],
  ]),
  edge('flow2', [
    [300, 140],
    [355, 140],
  ]),
  edge('flowFinance', [
    [405, 140],
    [460, 140],
  ]),
  edge('flowOther', [
    [380, 165],
    [380, 240],
    [670, 240],
    [670, 180],
  ]),
  edge('flow4', [
    [560, 140],
    [620, 140],
  ]),
  edge('flow5', [
    [720, 140],
    [782, 140],
  ]),
])}`;

export const REQUEST_PROCESS_XML: ReadonlyArray<readonly [string, string]> = [
  [GENERAL_REQUEST_KEY, GENERAL_REQUEST_XML],
  [LEAVE_REQUEST_KEY, LEAVE_REQUEST_XML],
  [SEAL_REQUEST_KEY, SEAL_REQUEST_XML],
];
