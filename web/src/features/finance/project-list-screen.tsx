import { financeProjectCalls as F, FIN_PERM, type ProjectRecord, projectMeta } from '@erp/contract/modules/finance-project';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, Input, Modal, Popconfirm, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { Auth, useHasAuth } from '../../app/auth/auth';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { ChangeForm } from './change-form';
import { fenText } from './money';
import { ProjectDetailDrawer } from './project-detail';
import { ProjectForm } from './project-form';

const KEY = ['finance', 'projects'] as const;

/** Closure (结项): the registered checks first; the application only when none refuses. */
function ClosureDialog({ project, onClose, onDone }: { project: ProjectRecord | null; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ finishDate: Dayjs; summary: string }>();
  const [reasons, setReasons] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const check = async () => {
    if (!project) return;
    const r = await api(F.checkFinishedApply, { projectId: project.id });
    setReasons(r.reasons.map((x) => x.message));
  };
  return (
    <Modal
      open={Boolean(project)}
      title={`结项申请：${project?.name ?? ''}`}
      afterOpenChange={(o) => (o ? void check() : setReasons(null))}
      onCancel={onClose}
      okButtonProps={{ disabled: !reasons || reasons.length > 0, loading: busy }}
      okText="提交结项"
      onOk={async () => {
        if (!project) return;
        const v = await form.validateFields();
        setBusy(true);
        try {
          await api(F.submitFinishedApply, { projectId: project.id, finishDate: v.finishDate.format('YYYY-MM-DD'), summary: v.summary });
          message.success('结项申请已提交');
          onDone();
          onClose();
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      {reasons && reasons.length > 0 && (
        <Alert type="error" title="项目尚有未完成事项，不能申请结项" description={reasons.join('；')} style={{ marginBottom: 12 }} />
      )}
      <Form form={form} name="fin-closure" layout="vertical" disabled={!reasons || reasons.length > 0}>
        <Form.Item name="finishDate" label="结项日期" rules={[{ required: true, message: '请选择结项日期' }]}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="summary" label="结项说明" rules={[{ required: true, whitespace: true, message: '请输入结项说明' }]}>
          <Input.TextArea maxLength={1000} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 项目列表: projects in scope; add with temporary save and budget upload, detail, change, closure, copy, delete. */
export default function ProjectListScreen() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const can = useHasAuth();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [changing, setChanging] = useState<number | null>(null);
  const [closing, setClosing] = useState<ProjectRecord | null>(null);
  const [keyword, setKeyword] = useState('');
  const refresh = () => void client.invalidateQueries({ queryKey: ['finance'] });
  const editable = (r: ProjectRecord) => r.phase === '001' && ['draft', 'rejected', 'revoked', 'returned'].includes(r.state);
  const run = async (fn: () => Promise<unknown>, done: string) => {
    await fn();
    message.success(done);
    refresh();
  };
  return (
    <ScreenFrame>
      <ResourceTable<ProjectRecord>
        meta={projectMeta}
        pageCall={F.selectProjectList}
        queryKey={KEY}
        fixedFilters={{ keyword: keyword || undefined }}
        columns={{ contractAmount: { render: (v: number) => fenText(v), align: 'right' } }}
        toolbar={
          <Space wrap>
            <Input.Search
              allowClear
              placeholder="项目名称 / 编号"
              aria-label="关键字"
              maxLength={64}
              style={{ width: 240 }}
              onSearch={(v) => setKeyword(v.trim())}
            />
            <Auth code={FIN_PERM.projectEdit}>
              <Button type="primary" onClick={() => setEditing({ id: null })}>
                新增项目
              </Button>
            </Auth>
          </Space>
        }
        actionsWidth={260}
        rowActions={(r) => (
          <Space size={4} wrap>
            <Button type="link" size="small" onClick={() => setViewing(r.id)}>
              详情
            </Button>
            {can(FIN_PERM.projectEdit) && editable(r) && (
              <Button type="link" size="small" onClick={() => setEditing({ id: r.id })}>
                编辑
              </Button>
            )}
            {can(FIN_PERM.projectEdit) && r.phase === '002' && (
              <>
                <Button type="link" size="small" onClick={() => setChanging(r.id)}>
                  变更
                </Button>
                <Button type="link" size="small" onClick={() => setClosing(r)}>
                  结项
                </Button>
              </>
            )}
            {can(FIN_PERM.projectEdit) && (
              <Button type="link" size="small" onClick={() => void run(() => api(F.copyProject, { id: r.id }), '已复制为新草稿')}>
                复制
              </Button>
            )}
            {can(FIN_PERM.projectEdit) && editable(r) && r.state !== 'returned' && (
              <Popconfirm title="确定删除该项目？" onConfirm={() => run(() => api(F.deleteProject, { id: r.id }), '已删除')}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            )}
          </Space>
        )}
      />
      <ProjectForm open={Boolean(editing)} projectId={editing?.id ?? null} onClose={() => setEditing(null)} onSaved={refresh} />
      <ProjectDetailDrawer projectId={viewing} onClose={() => setViewing(null)} />
      <ChangeForm projectId={changing} onClose={() => setChanging(null)} />
      <ClosureDialog project={closing} onClose={() => setClosing(null)} onDone={refresh} />
    </ScreenFrame>
  );
}
