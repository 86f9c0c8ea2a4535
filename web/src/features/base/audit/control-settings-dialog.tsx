import { CLAIM_BUDGET_NAMES, controlsCalls } from '@erp/contract/modules/controls';
import { Form, Radio, Switch } from 'antd';
import { SettingsDialog } from '../../../components/resource';

/**
 * 内控设置 (issue 34 §1, §3): the four-eyes rule outside the approval engine (turning it off is for a
 * company too small for a second finance person) and how a claim over its project's budget is met.
 * Each change is in the audit log.
 */
export function ControlSettingsDialog({ onClose }: { onClose(): void }) {
  return (
    <SettingsDialog
      title="内控设置"
      name="control-settings"
      queryKey={['base', 'controls', 'settings']}
      load={controlsCalls.settings}
      save={controlsCalls.saveSettings}
      savedText="内控设置已保存"
      onClose={onClose}
    >
      <Form.Item
        name="fourEyes"
        label="四眼原则"
        valuePropName="checked"
        extra="启用后，报销单的申请人或经办人不能为其付款，核算工资月份的人不能关账，须由另一人完成。审批流程中申请人不能审批本人单据，不受此开关影响。"
      >
        <Switch checkedChildren="启用" unCheckedChildren="停用" />
      </Form.Item>
      <Form.Item
        name="claimBudget"
        label="报销超预算"
        extra="报销单关联项目时，按费用类别对应的预算科目核对项目预算的剩余额度（已报销含审批中）。提醒：报销单上向申请人和审批人显示超出金额；禁止：超出时不能提交。"
      >
        <Radio.Group options={(['warn', 'refuse', 'off'] as const).map((m) => ({ value: m, label: CLAIM_BUDGET_NAMES[m] }))} />
      </Form.Item>
    </SettingsDialog>
  );
}
