import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CONDITION_OPS, type ConditionOp } from '@erp/contract/modules/bpm';
import { Button, Checkbox, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { type ConditionRow, type EditableCondition, needsValue, readCondition, takesList, writeCondition } from './condition-model';
import type { DiagramElement, ModdleFactory, Modeling } from './modeler-types';

const OP_LABELS: Record<ConditionOp, string> = {
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
const CONDITIONAL_GATEWAYS = new Set(['bpmn:ExclusiveGateway', 'bpmn:InclusiveGateway']);

/**
 * The condition of a flow leaving an exclusive or inclusive gateway: a group of comparisons on form
 * fields joined by 且 (all) or 或 (any), or the raw text of what one group cannot show.
 */
export function ConditionFields({ element, modeling, moddle }: { element: DiagramElement; modeling: Modeling; moddle: ModdleFactory }) {
  const bo = element.businessObject;
  const gateway = bo.sourceRef;
  if (!gateway || !CONDITIONAL_GATEWAYS.has(gateway.$type))
    return <Typography.Text type="secondary">只有排他网关和包容网关的出线可以设置条件。</Typography.Text>;
  const isDefault = gateway.default?.id === bo.id;
  const cond = readCondition(bo.conditionExpression?.body);
  const write = (next: EditableCondition) => {
    const body = writeCondition(next);
    modeling.updateProperties(element, { conditionExpression: body === null ? undefined : moddle.create('bpmn:FormalExpression', { body }) });
  };
  return (
    <>
      <Form.Item>
        <Checkbox
          checked={isDefault}
          onChange={(e) => {
            const source = element as unknown as { source?: DiagramElement };
            if (source.source) modeling.updateProperties(source.source, { default: e.target.checked ? bo : undefined });
            if (e.target.checked) modeling.updateProperties(element, { conditionExpression: undefined });
          }}
        >
          默认连线（其他条件都不满足时）
        </Checkbox>
      </Form.Item>
      {!isDefault && cond.kind === 'raw' && (
        <Form.Item label="条件表达式" htmlFor="bpm-prop-condition-raw" extra="嵌套条件组或 ${…} 表达式，按原文保存">
          <Input.TextArea id="bpm-prop-condition-raw" rows={4} value={cond.text} onChange={(e) => write({ kind: 'raw', text: e.target.value })} />
        </Form.Item>
      )}
      {!isDefault && cond.kind === 'group' && <ConditionGroup key={element.id} initial={cond} onChange={write} />}
    </>
  );
}

type Group = Extract<EditableCondition, { kind: 'group' }>;

/**
 * The rows live here while they are edited (a row without a field is not stored, so the diagram
 * alone cannot hold a row just added); every change is written to the diagram at once.
 */
function ConditionGroup({ initial, onChange: store }: { initial: Group; onChange(next: EditableCondition): void }) {
  const [cond, setCond] = useState<Group>(initial);
  const onChange = (next: Group) => {
    setCond(next);
    store(next);
  };
  const rows = cond.rows.length ? cond.rows : [{ field: '', op: 'eq' as ConditionOp, value: '' }];
  const setRow = (i: number, patch: Partial<ConditionRow>) => onChange({ ...cond, rows: rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <div data-testid="bpm-condition-group">
      {rows.length > 1 && (
        <Form.Item label="满足">
          <Radio.Group
            value={cond.join}
            onChange={(e) => onChange({ ...cond, join: e.target.value })}
            options={[
              { value: 'all', label: '全部条件（且）' },
              { value: 'any', label: '任一条件（或）' },
            ]}
          />
        </Form.Item>
      )}
      {rows.map((row, i) => (
        // Rows have no identity of their own; their position is what the stored group keeps.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Space key={i} direction="vertical" size={4} style={{ width: '100%', marginBottom: 8, padding: 8, border: '1px solid #f0f0f0', borderRadius: 6 }}>
          <Input
            aria-label={`条件${i + 1} 表单字段`}
            value={row.field}
            onChange={(e) => setRow(i, { field: e.target.value })}
            placeholder="表单字段，如 days"
          />
          <Space.Compact style={{ width: '100%' }}>
            <Select
              aria-label={`条件${i + 1} 比较`}
              style={{ width: 110 }}
              value={row.op}
              onChange={(op: ConditionOp) => setRow(i, { op })}
              options={CONDITION_OPS.map((o) => ({ value: o, label: OP_LABELS[o] }))}
            />
            {needsValue(row.op) && (
              <Input
                aria-label={`条件${i + 1} 值`}
                value={row.value}
                onChange={(e) => setRow(i, { value: e.target.value })}
                placeholder={takesList(row.op) ? '多个值用逗号分隔' : '值'}
              />
            )}
            <Button aria-label={`删除条件${i + 1}`} icon={<DeleteOutlined />} onClick={() => onChange({ ...cond, rows: rows.filter((_, j) => j !== i) })} />
          </Space.Compact>
        </Space>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onChange({ ...cond, rows: [...rows, { field: '', op: 'eq', value: '' }] })}>
        添加条件
      </Button>
    </div>
  );
}
