import { describe, expect, it } from 'vitest';
import { POSITIVE_PROCESS_XML } from '../modules/bpm/definitions/positive-process';
import { lineXml, sketchXml } from './bpmn-builder';
import { evaluate } from './conditions';
import { ModelError } from './model';
import { parseDefinition } from './parser';

const base = (extra: Parameters<typeof sketchXml>[0]['nodes'], flows: Parameters<typeof sketchXml>[0]['flows']) =>
  sketchXml({ key: 'T', nodes: [{ id: 's', type: 'startEvent' }, { id: 'e', type: 'endEvent' }, ...extra], flows });

describe('parseDefinition', () => {
  it('reads the default confirmation process with its rules, gateway and cc', async () => {
    const m = await parseDefinition(POSITIVE_PROCESS_XML);
    expect(m.key).toBe('Positive_Process');
    expect(m.nodes.deptManager?.assignee).toEqual({ type: 'deptLeader', orgField: 'orgId', levels: 1 });
    expect(m.nodes.hrApprove?.assignee).toEqual({ type: 'role', value: 'hr' });
    expect(m.nodes.gradeGateway?.defaultFlow).toBe('flowNoGrade');
    expect(m.flows.flowGrade?.condition).toEqual({ field: 'isChangeGrade', op: 'eq', value: '001' });
    expect(m.cc).toEqual({ type: 'deptLeader', orgField: 'orgId' });
    expect(m.fallbackUser).toBe('admin');
  });

  it('refuses broken XML with a clear message', async () => {
    await expect(parseDefinition('<bpmn:definitions')).rejects.toThrow(/无法解析/);
  });

  it('names an unsupported element', async () => {
    const xml = base(
      [{ id: 'svc', type: 'serviceTask', name: '调用接口' }],
      [
        ['a', 's', 'svc'],
        ['b', 'svc', 'e'],
      ],
    );
    await expect(parseDefinition(xml)).rejects.toThrow(/服务任务 bpmn:ServiceTask "svc"（调用接口） 没有指定要运行的服务器钩子/);
  });

  it('names an unknown element', async () => {
    const xml = base([{ id: 'x', type: 'fooBar' }], [['a', 's', 'e']]);
    await expect(parseDefinition(xml)).rejects.toThrow(/无法识别.*fooBar/);
  });

  it('requires an assignee on user tasks and valid modes', async () => {
    await expect(
      parseDefinition(
        base(
          [{ id: 'u', type: 'userTask', name: 'U' }],
          [
            ['a', 's', 'u'],
            ['b', 'u', 'e'],
          ],
        ),
      ),
    ).rejects.toThrow(/用户任务 bpmn:UserTask "u"（U） 没有设置处理人/);
    await expect(
      parseDefinition(
        base(
          [{ id: 'u', type: 'userTask', erp: { assigneeType: 'initiator', mode: 'most' } }],
          [
            ['a', 's', 'u'],
            ['b', 'u', 'e'],
          ],
        ),
      ),
    ).rejects.toThrow(/most/);
    await expect(
      parseDefinition(
        base(
          [{ id: 'u', type: 'userTask', erp: { assigneeType: 'role' } }],
          [
            ['a', 's', 'u'],
            ['b', 'u', 'e'],
          ],
        ),
      ),
    ).rejects.toThrow(/value/);
  });

  it('requires conditions (or a default) on every branch of an exclusive gateway', async () => {
    const xml = base(
      [
        { id: 'g', type: 'exclusiveGateway' },
        { id: 'u', type: 'userTask', erp: { assigneeType: 'initiator' } },
      ],
      [
        ['a', 's', 'g'],
        ['b', 'g', 'u'],
        ['c', 'g', 'e'],
        ['d', 'u', 'e'],
      ],
    );
    await expect(parseDefinition(xml)).rejects.toThrow(/出线 "b" 缺少条件/);
  });

  it('refuses conditions written as code, accepts safe expressions', async () => {
    const xml = base(
      [{ id: 'g', type: 'exclusiveGateway', default: 'c' }],
      [
        ['a', 's', 'g'],
        ['b', 'g', 'e', { field: 'x', op: 'eq', value: 1 }],
        ['c', 'g', 'e'],
      ],
    );
    const body = '{&quot;field&quot;:&quot;x&quot;,&quot;op&quot;:&quot;eq&quot;,&quot;value&quot;:1}';
    await expect(parseDefinition(xml.replace(body, 'amount &gt; 100'))).rejects.toThrow(/结构化 JSON/);
    await expect(parseDefinition(xml.replace(body, `\${execution.getVariable('x') == 1}`))).rejects.toThrow(/"b".*不能调用函数/);
    await expect(parseDefinition(xml.replace(body, `\${constructor.constructor}`))).rejects.toThrow(/不能访问属性/);
    const ok = await parseDefinition(xml.replace(body, `\${amount &gt; 1000 &amp;&amp; dept == 'IT'}`));
    expect(ok.flows.b?.expression).toBe(`\${amount > 1000 && dept == 'IT'}`);
  });

  it('finds unreachable nodes and dead ends', async () => {
    const orphan = base(
      [
        { id: 'u', type: 'userTask', erp: { assigneeType: 'initiator' } },
        { id: 'v', type: 'userTask', erp: { assigneeType: 'initiator' } },
      ],
      [
        ['a', 's', 'u'],
        ['b', 'u', 'e'],
        ['c', 'v', 'e'],
      ],
    );
    await expect(parseDefinition(orphan)).rejects.toThrow(/"v".*无法到达|没有入线/);
    const noStart = sketchXml({ key: 'T', nodes: [{ id: 'e', type: 'endEvent' }], flows: [] });
    await expect(parseDefinition(noStart)).rejects.toThrow(/开始事件/);
  });

  it('refuses a bad process key and two processes', async () => {
    await expect(parseDefinition(lineXml('1bad', [{ assigneeType: 'initiator' }]))).rejects.toThrow(ModelError);
  });
});

describe('BPMN from other modellers', () => {
  const CAM =
    'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:c="http://camunda.org/schema/1.0/bpmn"';
  const doc = (body: string) => `<bpmn:definitions ${CAM} id="d" targetNamespace="x"><bpmn:process id="P">${body}</bpmn:process></bpmn:definitions>`;

  it('reports every problem together, each naming its element and why', async () => {
    const xml = doc(`
      <bpmn:startEvent id="s" />
      <bpmn:scriptTask id="script" name="算分" />
      <bpmn:serviceTask id="svc" c:class="com.acme.Mail" />
      <bpmn:userTask id="u" name="审批"><bpmn:extensionElements><c:taskListener event="create" class="x.Y" /></bpmn:extensionElements></bpmn:userTask>
      <bpmn:userTask id="loop" c:assignee="mgr01"><bpmn:standardLoopCharacteristics /></bpmn:userTask>
      <bpmn:endEvent id="e" />
      <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="script" />
      <bpmn:sequenceFlow id="f2" sourceRef="script" targetRef="svc" />
      <bpmn:sequenceFlow id="f3" sourceRef="svc" targetRef="u" />
      <bpmn:sequenceFlow id="f4" sourceRef="u" targetRef="loop" />
      <bpmn:sequenceFlow id="f5" sourceRef="loop" targetRef="e" />`);
    const err = await parseDefinition(xml).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    const problems = (err as ModelError).problems.join('\n');
    expect(problems).toMatch(/"script".*执行任意代码/);
    expect(problems).toMatch(/"svc".*Java 类/);
    expect(problems).toMatch(/"u".*taskListener/);
    expect(problems).toMatch(/"u".*没有设置处理人/);
    expect(problems).toMatch(/"loop".*standardLoopCharacteristics/);
    expect((err as ModelError).message).toMatch(/^流程定义有 5 处问题/);
  });

  it('refuses what it cannot run in expressions, multi-instance and gateways', async () => {
    const line = (task: string) =>
      doc(`<bpmn:startEvent id="s" />${task}<bpmn:endEvent id="e" />
        <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t" /><bpmn:sequenceFlow id="f2" sourceRef="t" targetRef="e" />`);
    await expect(parseDefinition(line(`<bpmn:userTask id="t" c:assignee="\${a.b}" />`))).rejects.toThrow(/"t".*只能是一个表单字段名/);
    await expect(parseDefinition(line(`<bpmn:userTask id="t" c:candidateGroups="\${groups}" />`))).rejects.toThrow(/只能写角色编码/);
    await expect(
      parseDefinition(
        line(
          `<bpmn:userTask id="t" c:assignee="\${x}"><bpmn:multiInstanceLoopCharacteristics c:collection="\${xs}" c:elementVariable="x"><bpmn:loopCardinality>0</bpmn:loopCardinality><bpmn:completionCondition>\${process.exit()}</bpmn:completionCondition></bpmn:multiInstanceLoopCharacteristics></bpmn:userTask>`,
        ),
      ),
    ).rejects.toThrow(/loopCardinality[\s\S]*完成条件/);
    const unpaired =
      doc(`<bpmn:startEvent id="s" /><bpmn:inclusiveGateway id="g" /><bpmn:userTask id="a" c:assignee="mgr01" /><bpmn:userTask id="b" c:assignee="hr01" /><bpmn:parallelGateway id="j" /><bpmn:endEvent id="e" />
      <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="g" /><bpmn:sequenceFlow id="f2" sourceRef="g" targetRef="a" /><bpmn:sequenceFlow id="f3" sourceRef="g" targetRef="b" />
      <bpmn:sequenceFlow id="f4" sourceRef="a" targetRef="j" /><bpmn:sequenceFlow id="f5" sourceRef="b" targetRef="j" /><bpmn:sequenceFlow id="f6" sourceRef="j" targetRef="e" />`);
    await expect(parseDefinition(unpaired)).rejects.toThrow(/"g".*"j".*类型不同/);
  });

  it('maps camunda assignees to our rules and multi-instance to countersign', async () => {
    const m = await parseDefinition(
      doc(`<bpmn:startEvent id="s" c:initiator="me" /><bpmn:userTask id="t" c:candidateUsers="mgr01,\${me},\${deputy}" c:candidateGroups="hr,finance">
        <bpmn:multiInstanceLoopCharacteristics isSequential="true"><bpmn:loopCardinality>2</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics></bpmn:userTask><bpmn:endEvent id="e" />
        <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t" /><bpmn:sequenceFlow id="f2" sourceRef="t" targetRef="e" />`),
    );
    const t = m.nodes.t;
    expect(t?.assignee).toEqual({ type: 'initiator' });
    expect(t?.moreAssignees).toEqual([
      { type: 'users', value: 'mgr01' },
      { type: 'role', value: 'hr,finance' },
    ]);
    expect(t?.assigneeFields).toEqual(['deputy']);
    expect(t?.mode).toBe('seq');
    expect(t?.cardinality).toBe(2);
    expect(m.references?.map((r) => `${r.kind}:${r.code}`)).toEqual(['user:mgr01', 'role:hr', 'role:finance']);
  });
});

describe('conditions', () => {
  const vars = { isChangeGrade: '001', amount: '150', tags: ['a', 'b'], empty: '' };
  it('compares text and numbers without evaluating code', () => {
    expect(evaluate({ field: 'isChangeGrade', op: 'eq', value: '001' }, vars)).toBe(true);
    expect(evaluate({ field: 'isChangeGrade', op: 'ne', value: '001' }, vars)).toBe(false);
    expect(evaluate({ field: 'amount', op: 'gt', value: 99 }, vars)).toBe(true);
    expect(evaluate({ field: 'amount', op: 'lte', value: '150' }, vars)).toBe(true);
    expect(evaluate({ field: 'amount', op: 'lt', value: 20 }, vars)).toBe(false);
    expect(evaluate({ field: 'missing', op: 'gt', value: 1 }, vars)).toBe(false);
    expect(evaluate({ field: 'isChangeGrade', op: 'in', value: ['002', '001'] }, vars)).toBe(true);
    expect(evaluate({ field: 'isChangeGrade', op: 'notIn', value: ['002'] }, vars)).toBe(true);
    expect(evaluate({ field: 'empty', op: 'empty' }, vars)).toBe(true);
    expect(evaluate({ field: 'missing', op: 'notEmpty' }, vars)).toBe(false);
    expect(evaluate({ field: 'tags', op: 'contains', value: 'b' }, vars)).toBe(true);
    expect(
      evaluate(
        {
          all: [
            { field: 'amount', op: 'gte', value: 150 },
            {
              any: [
                { field: 'x', op: 'eq', value: 1 },
                { field: 'isChangeGrade', op: 'eq', value: '001' },
              ],
            },
          ],
        },
        vars,
      ),
    ).toBe(true);
  });
});
