import { baseCalls, type OrgTreeNode } from '@erp/contract/modules/base';
import type { FileEntry } from '@erp/contract/modules/file';
import { MSG_PUBLISH_MSG, type MsgType, msgCalls, type PublishedMessage } from '@erp/contract/modules/msg';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, DatePicker, Drawer, Form, Input, Radio, Select, Space, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { FileUpload, useConfirmCancel } from '../../../components/file-upload';
import { MSG_TYPE_KEYS } from '../msg-texts';
import { RichTextEditor } from './rich-text-editor';
import { UserPicker } from './user-picker';

interface FormValues {
  title: string;
  msgType: MsgType;
  receiverScope: 'all' | 'org' | 'users' | 'roles';
  receiverOrgId?: number;
  receiverUserIds?: number[];
  receiverRoleIds?: number[];
  publishAt?: Dayjs | null;
  expireAt?: Dayjs | null;
  content: string;
  top: boolean;
  attachments: FileEntry[];
}

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}
const toTree = (nodes: readonly OrgTreeNode[]): TreeOption[] => nodes.map((n) => ({ value: n.id, title: n.name, children: toTree(n.children) }));

/** Publish a notice, or edit a published one (receivers and type are fixed once sent). */
export function NoticeForm({ editing, open, onClose }: { editing: PublishedMessage | null; open: boolean; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirmCancel = useConfirmCancel();
  const [form] = Form.useForm<FormValues>();
  const scope = Form.useWatch('receiverScope', form);
  const orgs = useQuery({ queryKey: ['base', 'orgTree'], queryFn: () => api(baseCalls.orgTree, {}), enabled: open && scope === 'org', staleTime: 60_000 });
  const roles = useQuery({
    queryKey: ['msg', 'roleOptions'],
    queryFn: () => api(msgCalls.roleOptions, {}),
    enabled: open && scope === 'roles',
    staleTime: 60_000,
  });
  const publishAt = Form.useWatch('publishAt', form) as Dayjs | null | undefined;

  const save = useMutation({
    mutationFn: async (v: FormValues) => {
      const common = { title: v.title, content: v.content, topFlag: v.top ? ('1' as const) : ('0' as const), fileIds: v.attachments.map((f) => f.id) };
      const expireAt = v.expireAt ? v.expireAt.toISOString() : null;
      if (editing) {
        await api(msgCalls.update, { ...common, messageId: editing.messageId, expireAt });
        return;
      }
      await api(msgCalls.add, {
        ...common,
        msgType: v.msgType,
        receiverScope: v.receiverScope,
        receiverOrgId: v.receiverScope === 'org' ? v.receiverOrgId : undefined,
        receiverUserIds: v.receiverScope === 'users' ? v.receiverUserIds : undefined,
        receiverRoleIds: v.receiverScope === 'roles' ? v.receiverRoleIds : undefined,
        publishAt: v.publishAt ? v.publishAt.toISOString() : undefined,
        expireAt: expireAt ?? undefined,
      });
    },
    onSuccess: (_, v) => {
      if (editing) message.success(t('msg.saved'));
      else if (v.publishAt) message.success(t('msg.scheduled', { time: v.publishAt.format('YYYY-MM-DD HH:mm') }));
      else message.success(t('msg.published'));
      onClose(true);
    },
  });

  const initial: FormValues = editing
    ? {
        title: editing.title,
        msgType: editing.msgType,
        receiverScope: editing.receiverScope,
        receiverOrgId: editing.receiverOrgId ?? undefined,
        receiverUserIds: editing.receiverUserIds,
        receiverRoleIds: editing.receiverRoleIds,
        publishAt: editing.publishAt ? dayjs(editing.publishAt) : null,
        expireAt: editing.expireAt ? dayjs(editing.expireAt) : null,
        content: editing.content,
        top: editing.topFlag === '1',
        attachments: editing.attachments,
      }
    : { title: '', msgType: '003', receiverScope: 'all', content: '', top: false, attachments: [] };

  return (
    <Drawer
      open={open}
      size="large"
      title={editing ? t('msg.edit') : t('msg.publish')}
      onClose={() => confirmCancel(form.isFieldsTouched(), () => onClose(false))}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={() => confirmCancel(form.isFieldsTouched(), () => onClose(false))}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {editing ? t('msg.edit') : t('msg.publish')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => save.mutate(v)} disabled={save.isPending}>
        <Form.Item name="title" label={t('msg.title')} rules={[{ required: true, whitespace: true, message: t('msg.titleRequired') }, { max: 200 }]}>
          <Input maxLength={200} showCount />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="msgType" label={t('msg.msgType')}>
            <Select disabled={!!editing} style={{ width: 160 }} options={MSG_TYPE_KEYS.map((k) => ({ value: k, label: t(`msg.type${k}`) }))} />
          </Form.Item>
          <Form.Item name="receiverScope" label={t('msg.receivers')}>
            <Radio.Group
              disabled={!!editing}
              options={[
                { value: 'all', label: t('msg.scopeAll') },
                { value: 'org', label: t('msg.scopeOrg') },
                { value: 'users', label: t('msg.scopeUsers') },
                { value: 'roles', label: t('msg.scopeRoles') },
              ]}
            />
          </Form.Item>
        </Space>
        {scope === 'org' && (
          <Form.Item name="receiverOrgId" label={t('msg.org')} rules={[{ required: true, message: t('msg.orgRequired') }]}>
            <TreeSelect
              disabled={!!editing}
              treeData={toTree(orgs.data ?? [])}
              showSearch
              treeNodeFilterProp="title"
              loading={orgs.isFetching}
              treeDefaultExpandAll
            />
          </Form.Item>
        )}
        {scope === 'users' && (
          <Form.Item name="receiverUserIds" label={t('msg.users')} rules={[{ required: true, type: 'array', min: 1, message: t('msg.usersRequired') }]}>
            {editing ? <Select mode="multiple" disabled /> : <UserPicker />}
          </Form.Item>
        )}
        {scope === 'roles' && (
          <Form.Item name="receiverRoleIds" label={t('msg.roles')} rules={[{ required: true, type: 'array', min: 1, message: t('msg.rolesRequired') }]}>
            <Select
              mode="multiple"
              disabled={!!editing}
              loading={roles.isFetching}
              optionFilterProp="label"
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />
          </Form.Item>
        )}
        <Space wrap size="large">
          <Form.Item name="publishAt" label={t('msg.publishAt')} extra={t('msg.publishAtHint')}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabled={!!editing}
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            />
          </Form.Item>
          <Form.Item
            name="expireAt"
            label={t('msg.expireAt')}
            extra={t('msg.expireAtHint')}
            dependencies={['publishAt']}
            rules={[
              {
                validator: async (_, v: Dayjs | null | undefined) => {
                  if (v && !v.isAfter(publishAt ?? dayjs())) throw new Error(MSG_PUBLISH_MSG.expireBeforePublish);
                },
              },
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
          </Form.Item>
        </Space>
        <Form.Item name="content" label={t('msg.content')} rules={[{ required: true, message: t('msg.contentRequired') }]}>
          <RichTextEditor />
        </Form.Item>
        <Form.Item name="top" valuePropName="checked">
          <Checkbox>{t('msg.top')}</Checkbox>
        </Form.Item>
        <Form.Item name="attachments" label={t('msg.attachments')}>
          <FileUpload uploadPath={msgCalls.upload.path} deleteOnServer={false} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
