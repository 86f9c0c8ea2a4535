import type { FileEntry } from '@erp/contract/modules/file';
import { fileCalls } from '@erp/contract/modules/file';
import { helpCalls } from '@erp/contract/modules/help';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Select, Spin, Switch } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/client';
import { FileUpload } from '../../components/file-upload';
import './help-texts';

// Quill comes with the editor only, never with the help pages everyone reads.
const RichTextEditor = lazy(() => import('../msg/manage/rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/** Form.Item hands value and onChange to its direct child: this one, which passes them on. */
function LazyEditor(props: { id?: string; value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<Spin />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

interface Values {
  title: string;
  categoryId: number;
  path: string;
  published: boolean;
  sort: number;
  content: string;
  files: FileEntry[];
}

/** Adds or edits a help article (managers): rich text sanitised by the server, attachments through the file service. */
export function ArticleEditor({
  id,
  defaultCategoryId,
  onClose,
  onSaved,
}: {
  id: number | null;
  defaultCategoryId?: number;
  onClose(): void;
  onSaved?(slug: string): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const categories = useQuery({ queryKey: ['help', 'categories'], queryFn: () => api(helpCalls.helpCategories, {}) });
  const article = useQuery({ queryKey: ['help', 'article', id], queryFn: () => api(helpCalls.helpArticleDetail, { id: id as number }), enabled: id !== null });
  const files = useQuery({
    queryKey: ['help', 'files', article.data?.fileGroupId],
    queryFn: () => api(fileCalls.fileInfoByFileId, { fileId: article.data?.fileGroupId ?? '' }),
    enabled: Boolean(article.data?.fileGroupId),
  });
  useEffect(() => {
    if (article.data) form.setFieldsValue({ ...article.data, files: files.data ?? [] });
  }, [article.data, files.data, form]);

  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const saved = await api(helpCalls.helpArticleSave, {
        ...(id ? { id } : {}),
        title: v.title,
        categoryId: v.categoryId,
        path: v.path ?? '',
        published: v.published,
        sort: v.sort ?? 0,
        content: v.content ?? '',
        fileGroupId: v.files?.[0]?.fileId ?? '',
      });
      message.success(t('help.manage.saved'));
      await qc.invalidateQueries({ queryKey: ['help'] });
      onSaved?.(saved.slug);
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={id ? t('help.manage.editArticle') : t('help.manage.newArticle')}
      onCancel={onClose}
      onOk={save}
      okText={t('help.manage.save')}
      confirmLoading={busy}
      width={820}
      destroyOnHidden
    >
      <Spin spinning={id !== null && article.isLoading}>
        <Form form={form} layout="vertical" initialValues={{ published: true, sort: 0, categoryId: defaultCategoryId, content: '', files: [] }}>
          <Form.Item
            name="title"
            label={t('help.manage.articleTitle')}
            rules={[
              { required: true, message: '请输入标题' },
              { max: 100, message: '标题不能超过100个字符' },
            ]}
          >
            <Input data-testid="help-article-title" />
          </Form.Item>
          <Form.Item name="categoryId" label={t('help.manage.category')} rules={[{ required: true, message: '请选择分类' }]}>
            <Select options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
          <Form.Item name="path" label={t('help.manage.path')} extra={t('help.manage.pathHint')}>
            <Input placeholder="/backlog/index" />
          </Form.Item>
          <Form.Item name="published" label={t('help.manage.published')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sort" label={t('help.manage.sort')}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="content" label={t('help.manage.content')} rules={[{ required: true, message: '请输入正文' }]}>
            <LazyEditor id="help-article-content" />
          </Form.Item>
          <Form.Item name="files" label={t('help.attachments')}>
            <FileUpload moduleName="help" functionName="article" />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
