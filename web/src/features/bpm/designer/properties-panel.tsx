import { baseCalls } from '@erp/contract/modules/base';
import { ASSIGNEE_TYPES, type SelfApprovalRule } from '@erp/contract/modules/bpm';
import { requestFieldsOf } from '@erp/contract/modules/bpm-forms';
import { useQuery } from '@tanstack/react-query';
import { Empty, Form, Input, InputNumber, Select, Typography } from 'antd';
import { api } from '../../../app/api/client';
import { useHasAuth } from '../../../app/auth/auth';
import { PersonSelect } from '../../../components/flow';
import { ConditionFields } from './condition-editor';
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
interface Props {
  element: DiagramElement | null;
  modeling: Modeling;
  moddle: ModdleFactory;
  /** Re-render after a change (bpmn-js mutates the business object in place). */
  version: number;
  /** The process being drawn (its declared form names the fields a step may make editable). */
  processKey: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const codes = (v: unknown) =>
  str(v)
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

const AUTO_PASS = [
  { value: '', label: '不自动通过' },
  { value: 'initiator', label: '发起人本人的节点自动通过' },
  { value: 'approved', label: '审批人已审批过前序节点时自动通过' },
  { value: 'both', label: '以上两种情况都自动通过' },
];
const SELF_APPROVAL: Array<{ value: SelfApprovalRule; label: string }> = [
  { value: 'superior', label: '转交申请人的上级（默认）' },
  { value: 'alternate', label: '转交指定的替代审批人' },
  { value: 'admin', label: '转交流程管理员' },
  { value: 'skip', label: '跳过该节点（记入审批记录）' },
];
const TIMER_ACTIONS = [
  { value: 'remind', label: '提醒处理人（任务保留）' },
  { value: 'pass', label: '自动通过' },
  { value: 'reject', label: '自动驳回' },
  { value: 'escalate', label: '转交发起人上级' },
];
const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;

/** Roles picked from the list when the user may read it, typed as codes otherwise. */
function RoleCodes({ value, onChange, id }: { value: string[]; onChange(codes: string[]): void; id: string }) {
  const may = useHasAuth();
  const roles = useQuery({ queryKey: ['base', 'role', 'list'], queryFn: () => api(baseCalls.roleList, {}), enabled: may('base:user:list'), staleTime: 60_000 });
  return (
    <Select
      id={id}
      mode="tags"
      value={value}
      onChange={onChange}
      loading={roles.isFetching}
      placeholder="选择或输入角色编码"
      options={(roles.data ?? []).map((r) => ({ value: r.code, label: `${r.name}（${r.code}）` }))}
    />
  );
}

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
      {type === 'users' && (
        <Form.Item label="人员" htmlFor={`bpm-prop-${prefix}-users`}>
          <PersonSelect
            multiple
            id={`bpm-prop-${prefix}-users`}
            value={codes(bo.get(`erp:${prefix}Value`))}
            onChange={(v) => set('Value', v.join(','))}
            placeholder="输入姓名或账号搜索"
            testId={`bpm-prop-${prefix}-users`}
          />
        </Form.Item>
      )}
      {type === 'role' && (
        <Form.Item label="角色" htmlFor={`bpm-prop-${prefix}-roles`}>
          <RoleCodes id={`bpm-prop-${prefix}-roles`} value={codes(bo.get(`erp:${prefix}Value`))} onChange={(v) => set('Value', v.join(','))} />
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

interface TimerDefinition {
  $type: string;
  timeDuration?: { body?: string };
}

/** A timer boundary event on a user task: its ISO 8601 duration and what happens when it is due. */
function TimeLimitFields({ element, modeling, moddle }: { element: DiagramElement; modeling: Modeling; moddle: ModdleFactory }) {
  const bo = element.businessObject;
  const timer = (bo.get('eventDefinitions') as TimerDefinition[] | undefined)?.find((d) => d.$type === 'bpmn:TimerEventDefinition');
  if (!timer) return <Typography.Text type="secondary">只支持用户任务上的定时边界事件（时限）。</Typography.Text>;
  const duration = str(timer.timeDuration?.body);
  const valid = !duration || ISO_DURATION.test(duration);
  return (
    <>
      <Form.Item
        label="时限（ISO 8601 时长）"
        htmlFor="bpm-prop-duration"
        validateStatus={valid ? undefined : 'error'}
        help={valid ? '如 PT24H（24小时）、P3D（3天）、P1DT12H' : '格式不正确，如 PT24H、P3D'}
      >
        <Input
          id="bpm-prop-duration"
          value={duration}
          onChange={(e) => {
            const body = e.target.value.trim().toUpperCase();
            modeling.updateModdleProperties(element, timer, { timeDuration: body ? moddle.create('bpmn:FormalExpression', { body }) : undefined });
          }}
        />
      </Form.Item>
      <Form.Item label="到期动作" htmlFor="bpm-prop-timer-action">
        <Select
          id="bpm-prop-timer-action"
          value={str(bo.get('erp:timerAction')) || undefined}
          placeholder="不中断时默认提醒"
          allowClear
          onChange={(v?: string) => modeling.updateProperties(element, { 'erp:timerAction': v || undefined })}
          options={TIMER_ACTIONS}
        />
      </Form.Item>
    </>
  );
}

/** Our properties panel: assignees, multi-person mode, cc and gateway conditions, written as erp:* attributes. */
/** A process attribute holding one user code, picked by name or account. */
function PersonProperty({ element, modeling, attr, id, label }: { element: DiagramElement; modeling: Modeling; attr: string; id: string; label: string }) {
  return (
    <Form.Item label={label} htmlFor={id}>
      <PersonSelect
        id={id}
        value={str(element.businessObject.get(`erp:${attr}`)) || undefined}
        onChange={(v) => modeling.updateProperties(element, { [`erp:${attr}`]: v })}
        placeholder="输入姓名或账号搜索"
        testId={id}
      />
    </Form.Item>
  );
}

export function PropertiesPanel({ element, modeling, moddle, processKey }: Props) {
  // A selection event can name an element whose diagram is still being imported (no business object yet).
  if (!element?.businessObject) return <Empty description="选择一个元素以编辑属性" />;
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
          <Form.Item label="办理时限（小时）" htmlFor="bpm-prop-time-limit" extra="超过时限未处理的待办每天提醒一次处理人，并计入审批分析的超时数">
            <InputNumber
              id="bpm-prop-time-limit"
              min={1}
              max={8760}
              precision={0}
              style={{ width: '100%' }}
              placeholder="不限"
              value={typeof bo.get('erp:timeLimitHours') === 'number' ? (bo.get('erp:timeLimitHours') as number) : null}
              onChange={(v) => modeling.updateProperties(element, { 'erp:timeLimitHours': typeof v === 'number' ? v : undefined })}
            />
          </Form.Item>
          <Form.Item label="审批时可修改的表单字段" htmlFor="bpm-prop-editable" extra="附件字段不能修改；修改会记入审批记录">
            <Select
              id="bpm-prop-editable"
              mode="tags"
              value={codes(bo.get('erp:editableFields'))}
              onChange={(v: string[]) => modeling.updateProperties(element, { 'erp:editableFields': v.length ? v.join(',') : undefined })}
              placeholder="不可修改"
              options={requestFieldsOf(processKey)
                .filter((f) => f.kind !== 'files')
                .map((f) => ({ value: f.name, label: `${f.label}（${f.name}）` }))}
            />
          </Form.Item>
        </>
      )}
      {element.type === 'bpmn:BoundaryEvent' && <TimeLimitFields element={element} modeling={modeling} moddle={moddle} />}
      {element.type === 'bpmn:ServiceTask' && (
        <Form.Item label="服务钩子名称" htmlFor="bpm-prop-hook" extra="由系统模块注册；未注册的名称部署时会被拒绝">
          <Input
            id="bpm-prop-hook"
            value={str(bo.get('erp:hook'))}
            onChange={(e) => modeling.updateProperties(element, { 'erp:hook': e.target.value.trim() || undefined })}
          />
        </Form.Item>
      )}
      {element.type === 'bpmn:Process' && (
        <>
          <PersonProperty element={element} modeling={modeling} attr="fallbackUser" id="bpm-prop-fallback" label="流程管理员（无人可处理时兜底）" />
          <Form.Item label="自动通过" htmlFor="bpm-prop-autopass">
            <Select
              id="bpm-prop-autopass"
              value={str(bo.get('erp:autoPass'))}
              onChange={(v: string) => modeling.updateProperties(element, { 'erp:autoPass': v || undefined })}
              options={AUTO_PASS}
            />
          </Form.Item>
          <Form.Item
            label="审批人是申请人本人时"
            htmlFor="bpm-prop-self"
            extra="申请人（及代为申请、制单的人）不能审批本人的单据：会签/或签节点直接去掉申请人；节点只剩申请人时按此处理"
          >
            <Select
              id="bpm-prop-self"
              value={str(bo.get('erp:selfApproval')) || 'superior'}
              onChange={(v: string) =>
                modeling.updateProperties(element, {
                  'erp:selfApproval': v === 'superior' ? undefined : v,
                  ...(v === 'alternate' ? {} : { 'erp:selfAlternate': undefined }),
                })
              }
              options={SELF_APPROVAL}
            />
          </Form.Item>
          {str(bo.get('erp:selfApproval')) === 'alternate' && (
            <PersonProperty element={element} modeling={modeling} attr="selfAlternate" id="bpm-prop-self-alternate" label="替代审批人" />
          )}
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
