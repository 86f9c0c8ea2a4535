import { registerMessages } from '../../app/i18n';

registerMessages('history', {
  'zh-CN': {
    created: '创建',
    changed: '修改',
    deleted: '删除',
    approval: '审批',
    export: '导出',
    system: '系统',
    blank: '（空）',
    comment: '意见：{{comment}}',
    empty: '暂无操作记录',
    fileName: '操作记录-{{id}}.xlsx',
  },
  'en-US': {
    created: 'Created',
    changed: 'Changed',
    deleted: 'Deleted',
    approval: 'Approval',
    export: 'Export',
    system: 'System',
    blank: '(empty)',
    comment: 'Comment: {{comment}}',
    empty: 'No history yet',
    fileName: 'history-{{id}}.xlsx',
  },
});
