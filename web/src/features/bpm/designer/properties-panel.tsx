import { ASSIGNEE_TYPES, CONDITION_OPS, type Condition } from '@erp/contract/modules/bpm';
import { Checkbox, Empty, Form, Input, InputNumber, Select, Typography } from 'antd';
import type { DiagramElement, ModdleFactory, Modeling } from './modeler-types';

const ASSIGNEE_LABELS: Record<string, string> = {
  users: '指定人员',
  role: '角色',
  deptLeader: '部门负责人',
  superior: '发起人上级',
  initiator: '发起人本人',
  chosen: '发起时选择',
};
const MODE_LABELS = { any: '或签（一人处理即可）', all: '会签（全部同意）', seq: '依次审批' };
const OP_LABELS: Record<string, string> = {
  eq: '等于',
  ne: '不等于',
  gt: '大于',
  gte: '大于等于',
  lt: '小于',
  lte: '小于等于',
  in: '属于',
  notIn: '不属于',
  empty: '为空',
  notEmpty: '不为空',
  contains: '包含',
};

interface Props {
  element: DiagramElement | null;
  modeling: Modeling;
  moddle: ModdleFactory;
  /** Re-render after a change (bpmn-js mutates the business object in place). */
  version: number;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

function RuleFields({ element, modeling, prefix, label }: { element: DiagramElement; modeling: Modeling; prefix: 'assignee' | 'cc'; label: string }) {
  const bo = element.businessObject;
  const set = (name: string, value: unknown) => modeling.updateProperties(element, { [`erp:${prefix}${name}`]: value === '' ? undefined : value });
  const type = str(bo.get(`erp:${prefix}Type`));
  return (
    <>
      <Form.Item label={label}>
        <Select
          allowClear={prefix === 'cc'}
          value={type || undefined}
          onChange={(v) => set('Type', v ?? '')}
          options={ASSIGNEE_TYPES.map((t) => ({ value: t, label: ASSIGNEE_LABELS[t] }))}
          placeholder={prefix === 'cc' ? '不抄送' : '请选择处理人类型'}
        />
      </Form.Item>
      {(type === 'users' || type === 'role') && (
        <Form.Item label={type === 'users' ? '人员账号（逗号分隔）' : '角色编码（逗号分隔）'}>
          <Input value={str(bo.get(`erp:${prefix}Value`))} onChange={(e) => set('Value', e.target.value)} />
        </Form.Item>
      )}
      {type === 'deptLeader' && (
        <>
          <Form.Item label="部门取自表单字段（空 = 发起人部门）">
            <Input value={str(bo.get(`erp:${prefix}OrgField`))} onChange={(e) => set('OrgField', e.target.value)} placeholder="如 orgId" />
          </Form.Item>
          <Form.Item label="向上级数（1 = 本部门）">
            <InputNumber min={1} max={10} value={Number(bo.get(`erp:${prefix}Levels`) ?? 1)} onChange={(v) => set('Levels', v ?? 1)} />
          </Form.Item>
        </>
      )}
    </>
  );
}

function parseCondition(body: string | undefined): { field: string; op: string; value: string } {
  try {
    const c = JSON.parse(body ?? '') as Condition;
    if ('field' in c) return { field: c.field, op: c.op, value: Array.isArray(c.value) ? c.value.join(',') : str(c.value) };
  } catch {
    // not a simple condition: start empty
  }
  return { field: '', op: 'eq', value: '' };
}

function ConditionFields({ element, modeling, moddle }: Omit<Props, 'version'>) {
  const bo = element?.businessObject;
  if (!element || !bo) return null;
  const gateway = bo.sourceRef;
  if (gateway?.$type !== 'bpmn:ExclusiveGateway') return <Typography.Text type="secondary">只有排他网关的出线可以设置条件。</Typography.Text>;
  const cond = parseCondition(bo.conditionExpression?.body);
  const isDefault = gateway.default?.id === bo.id;
  const write = (next: { field: string; op: string; value: string }) => {
    if (!next.field.trim()) {
      modeling.updateProperties(element, { conditionExpression: undefined });
      return;
    }
    const list = next.op === 'in' || next.op === 'notIn';
    const value = list
      ? next.value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : next.value;
    const json: Condition =
      next.op === 'empty' || next.op === 'notEmpty'
        ? { field: next.field.trim(), op: next.op }
        : { field: next.field.trim(), op: next.op as Condition extends { op: infer O } ? O : never, value };
    modeling.updateProperties(element, { conditionExpression: moddle.create('bpmn:FormalExpression', { body: JSON.stringify(json) }) });
  };
  return (
    <>
      <Form.Item>
        <Checkbox
          checked={isDefault}
          onChange={(e) => {
            const source = element as unknown as { source?: import('./modeler-types').DiagramElement };
            if (source.source) modeling.updateProperties(source.source, { default: e.target.checked ? bo : undefined });
            if (e.target.checked) modeling.updateProperties(element, { conditionExpression: undefined });
          }}
        >
          默认连线（其他条件都不满足时）
        </Checkbox>
      </Form.Item>
      {!isDefault && (
        <>
          <Form.Item label="表单字段">
            <Input value={cond.field} onChange={(e) => write({ ...cond, field: e.target.value })} placeholder="如 isChangeGrade" />
          </Form.Item>
          <Form.Item label="比较">
            <Select value={cond.op} onChange={(op) => write({ ...cond, op })} options={CONDITION_OPS.map((o) => ({ value: o, label: OP_LABELS[o] }))} />
          </Form.Item>
          {cond.op !== 'empty' && cond.op !== 'notEmpty' && (
            <Form.Item label={cond.op === 'in' || cond.op === 'notIn' ? '值（逗号分隔）' : '值'}>
              <Input value={cond.value} onChange={(e) => write({ ...cond, value: e.target.value })} />
            </Form.Item>
          )}
        </>
      )}
    </>
  );
}

/** Our properties panel: assignees, multi-person mode, cc and gateway conditions, written as erp:* attributes. */
export function PropertiesPanel({ element, modeling, moddle }: Props) {
  if (!element) return <Empty description="选择一个元素以编辑属性" />;
  const bo = element.businessObject;
  const setName = (name: string) => modeling.updateProperties(element, { name });
  return (
    <Form layout="vertical" size="small">
      <Typography.Title level={5}>{bo.$type.replace('bpmn:', '')}</Typography.Title>
      {element.type === 'bpmn:Process' && (
        <Form.Item label="流程标识（key）">
          <Input value={bo.id} onChange={(e) => modeling.updateProperties(element, { id: e.target.value })} />
        </Form.Item>
      )}
      <Form.Item label="名称" htmlFor="bpm-prop-name">
        <Input id="bpm-prop-name" value={bo.name ?? ''} onChange={(e) => setName(e.target.value)} />
      </Form.Item>
      {element.type === 'bpmn:UserTask' && (
        <>
          <RuleFields element={element} modeling={modeling} prefix="assignee" label="处理人" />
          <Form.Item label="多人审批方式">
            <Select
              value={str(bo.get('erp:mode')) || 'any'}
              onChange={(v) => modeling.updateProperties(element, { 'erp:mode': v })}
              options={Object.entries(MODE_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <RuleFields element={element} modeling={modeling} prefix="cc" label="节点通过后抄送" />
        </>
      )}
      {element.type === 'bpmn:Process' && (
        <>
          <Form.Item label="流程管理员（无人可处理时兜底）">
            <Input
              value={str(bo.get('erp:fallbackUser'))}
              onChange={(e) => modeling.updateProperties(element, { 'erp:fallbackUser': e.target.value })}
              placeholder="admin"
            />
          </Form.Item>
          <Form.Item label="撤回规则">
            <Select
              value={str(bo.get('erp:revocable')) || 'untouched'}
              onChange={(v) => modeling.updateProperties(element, { 'erp:revocable': v })}
              options={[
                { value: 'untouched', label: '审批人处理前可撤回' },
                { value: 'anytime', label: '结束前随时可撤回' },
                { value: 'never', label: '不可撤回' },
              ]}
            />
          </Form.Item>
          <Form.Item label="分类（主键）">
            <Input value={str(bo.get('erp:category'))} onChange={(e) => modeling.updateProperties(element, { 'erp:category': e.target.value })} />
          </Form.Item>
          <RuleFields element={element} modeling={modeling} prefix="cc" label="流程通过后抄送" />
        </>
      )}
      {element.type === 'bpmn:SequenceFlow' && <ConditionFields element={element} modeling={modeling} moddle={moddle} />}
    </Form>
  );
}
