import { fileCalls } from '@erp/contract/modules/file';
import { HELP_PERM, helpCalls } from '@erp/contract/modules/help';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Popconfirm, Skeleton, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { FileUpload } from '../../components/file-upload';
import { SafeHtml } from '../msg/safe-html';
import { ArticleEditor } from './article-editor';
import styles from './help.module.css';
import './help-texts';

/** /helpCenter/detail?id=: one help article (id or slug), its attachments, the screen it is about and related articles. */
export default function HelpDetailScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = useHasAuth();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = params.get('id') ?? '';
  const [editing, setEditing] = useState(false);
  const article = useQuery({
    queryKey: ['help', 'article', key],
    queryFn: () => api(helpCalls.helpArticleDetail, { id: key }, { silent: true }),
    enabled: Boolean(key),
    retry: false,
  });
  const a = article.data;
  const files = useQuery({
    queryKey: ['help', 'files', a?.fileGroupId],
    queryFn: () => api(fileCalls.fileInfoByFileId, { fileId: a?.fileGroupId ?? '' }),
    enabled: Boolean(a?.fileGroupId),
  });
  const related = useQuery({
    queryKey: ['help', 'articles', 'category', a?.categoryId],
    queryFn: () => api(helpCalls.helpArticlePage, { pageIndex: 1, pageSize: 20, categoryId: a?.categoryId }),
    enabled: Boolean(a),
  });
  const back = <Link to="/helpCenter/list">{t('help.back')}</Link>;

  if (article.isLoading) return <Skeleton active />;
  if (!a) {
    return (
      <div className={styles.page}>
        <section className={styles.panel}>
          <Empty description={t('help.notFound')} />
          <p style={{ textAlign: 'center' }}>{back}</p>
        </section>
      </div>
    );
  }
  const others = (related.data?.records ?? []).filter((x) => x.id !== a.id);
  return (
    <div className={styles.page}>
      <article className={`${styles.panel} ${styles.article}`} data-testid="help-article">
        <p className={styles.muted}>
          {a.categoryName} {!a.published && <Tag>{t('help.manage.draft')}</Tag>}
        </p>
        <h1>{a.title}</h1>
        <SafeHtml className={styles.content} html={a.content} />
        {(files.data?.length ?? 0) > 0 && (
          <section aria-label={t('help.attachments')}>
            <h2>{t('help.attachments')}</h2>
            <FileUpload readOnly value={files.data ?? []} />
          </section>
        )}
        <p className={styles.muted}>{t('help.updated', { name: a.updatedByName || '-', time: dayjs(a.updatedAt).format('YYYY-MM-DD HH:mm') })}</p>
        <div className={styles.links}>
          {a.path && <Link to={a.path}>{t('help.goTo', { name: a.categoryName })}</Link>}
          {back}
          {may(HELP_PERM.manage) && (
            <Space>
              <Button size="small" onClick={() => setEditing(true)} data-testid="help-edit-article">
                {t('help.manage.edit')}
              </Button>
              <Popconfirm
                title={t('help.manage.confirmDelete')}
                onConfirm={async () => {
                  await api(helpCalls.helpArticleDelete, { id: a.id });
                  message.success(t('help.manage.deleted'));
                  await qc.invalidateQueries({ queryKey: ['help'] });
                  navigate('/helpCenter/list');
                }}
              >
                <Button size="small" danger>
                  {t('help.manage.delete')}
                </Button>
              </Popconfirm>
            </Space>
          )}
        </div>
      </article>
      {others.length > 0 && (
        <section className={styles.panel} aria-labelledby="help-related">
          <h2 id="help-related">{t('help.topics')}</h2>
          <ul className={styles.topics}>
            {others.map((x) => (
              <li key={x.id}>
                <Link to={`/helpCenter/detail?id=${encodeURIComponent(x.slug)}`}>{x.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {editing && <ArticleEditor id={a.id} onClose={() => setEditing(false)} />}
    </div>
  );
}
