/**
 * The default confirmation-of-employment process (Positive_Process): the employee's department
 * manager, then HR, then — only when the grade changes — the HR director; on the end the applicant's
 * manager gets a copy. `orgId` is the employee's unit, put in the form by the HR module.
 */
export const POSITIVE_PROCESS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:erp="http://erp.local/schema/bpmn" id="Definitions_Positive" targetNamespace="http://erp.local/bpmn">
  <bpmn:process id="Positive_Process" name="转正申请" isExecutable="true" erp:fallbackUser="admin" erp:revocable="untouched" erp:category="HR" erp:ccType="deptLeader" erp:ccOrgField="orgId">
    <bpmn:startEvent id="start" name="发起申请" />
    <bpmn:userTask id="deptManager" name="部门经理审批" erp:assigneeType="deptLeader" erp:assigneeOrgField="orgId" erp:assigneeLevels="1" erp:mode="any" />
    <bpmn:userTask id="hrApprove" name="人力资源审批" erp:assigneeType="role" erp:assigneeValue="hr" erp:mode="any" />
    <bpmn:exclusiveGateway id="gradeGateway" name="职级是否调整" default="flowNoGrade" />
    <bpmn:userTask id="hrDirector" name="人力资源总监审批" erp:assigneeType="role" erp:assigneeValue="hrDirector" erp:mode="any" />
    <bpmn:endEvent id="end" name="结束" />
    <bpmn:sequenceFlow id="flow1" sourceRef="start" targetRef="deptManager" />
    <bpmn:sequenceFlow id="flow2" sourceRef="deptManager" targetRef="hrApprove" />
    <bpmn:sequenceFlow id="flow3" sourceRef="hrApprove" targetRef="gradeGateway" />
    <bpmn:sequenceFlow id="flowGrade" name="职级调整" sourceRef="gradeGateway" targetRef="hrDirector">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">{"field":"isChangeGrade","op":"eq","value":"001"}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="flowNoGrade" name="不调整" sourceRef="gradeGateway" targetRef="end" />
    <bpmn:sequenceFlow id="flow5" sourceRef="hrDirector" targetRef="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_Positive">
    <bpmndi:BPMNPlane id="Plane_Positive" bpmnElement="Positive_Process">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="112" y="122" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="deptManager_di" bpmnElement="deptManager"><dc:Bounds x="200" y="100" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="hrApprove_di" bpmnElement="hrApprove"><dc:Bounds x="350" y="100" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="gradeGateway_di" bpmnElement="gradeGateway" isMarkerVisible="true"><dc:Bounds x="505" y="115" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="hrDirector_di" bpmnElement="hrDirector"><dc:Bounds x="610" y="100" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="772" y="122" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flow1_di" bpmnElement="flow1"><di:waypoint x="148" y="140" /><di:waypoint x="200" y="140" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow2_di" bpmnElement="flow2"><di:waypoint x="300" y="140" /><di:waypoint x="350" y="140" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow3_di" bpmnElement="flow3"><di:waypoint x="450" y="140" /><di:waypoint x="505" y="140" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowGrade_di" bpmnElement="flowGrade"><di:waypoint x="555" y="140" /><di:waypoint x="610" y="140" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flowNoGrade_di" bpmnElement="flowNoGrade"><di:waypoint x="530" y="165" /><di:waypoint x="530" y="240" /><di:waypoint x="790" y="240" /><di:waypoint x="790" y="158" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow5_di" bpmnElement="flow5"><di:waypoint x="710" y="140" /><di:waypoint x="772" y="140" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
