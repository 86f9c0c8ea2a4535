import { HELP_PERM, helpCalls } from '@erp/contract/modules/help';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Input, Pagination, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { SafeHtml } from '../msg/safe-html';
import { ArticleEditor } from './article-editor';
import { CategoryManager } from './category-manager';
import styles from './help.module.css';
import { UnansweredQuestions } from './unanswered-questions';
import './help-texts';

/** /helpCenter/list: articles of a category (?category=) or matching a query (?q=, ranked and highlighted), kept in the URL. */
export default function HelpListScreen() {
  const { t } = useTranslation();
  const may = useHasAuth();
  const manager = may(HELP_PERM.manage);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const categoryId = Number(params.get('category')) || undefined;
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const [drafts, setDrafts] = useState(false);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [managing, setManaging] = useState(false);
  const [unanswered, setUnanswered] = useState(false);
  const categories = useQuery({ queryKey: ['help', 'categories'], queryFn: () => api(helpCalls.helpCategories, {}) });
  const list = useQuery({
    queryKey: ['help', 'articles', q, categoryId, drafts, page],
    queryFn: () => api(helpCalls.helpArticlePage, { ...page, keyword: q || undefined, categoryId, drafts: drafts || undefined }),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.records ?? [];

  const update = (next: { q?: string; category?: string }) => {
    const merged = { q, category: categoryId ? String(categoryId) : '', ...next };
    setParams(new URLSearchParams(Object.entries(merged).filter(([, v]) => v)), { replace: true });
    setPage((p) => ({ ...p, pageIndex: 1 }));
  };

  return (
    <div className={styles.page}>
      <section className={styles.panel}>
        <h1>{t('help.listTitle')}</h1>
        <div className={styles.toolbar}>
          <Input.Search
            key={q}
            defaultValue={q}
            aria-label={t('help.search')}
            placeholder={t('help.searchPlaceholder')}
            allowClear
            onSearch={(value) => update({ q: value.trim() })}
            style={{ maxWidth: 360 }}
          />
          <Select
            aria-label={t('help.section')}
            value={categoryId ?? 0}
            onChange={(value: number) => update({ category: value ? String(value) : '' })}
            style={{ minWidth: 180 }}
            options={[{ value: 0, label: t('help.allSections') }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
          />
          <span className={styles.muted} style={{ margin: 0 }} aria-live="polite">
            {t('help.count', { count: list.data?.total ?? 0 })}
          </span>
          {manager && (
            <Space wrap>
              <Checkbox checked={drafts} onChange={(e) => setDrafts(e.target.checked)}>
                {t('help.manage.drafts')}
              </Checkbox>
              <Button onClick={() => setManaging(true)}>{t('help.manage.categories')}</Button>
              <Button onClick={() => setUnanswered(true)} data-testid="help-unanswered">
                {t('help.unanswered.open')}
              </Button>
              <Button type="primary" onClick={() => setEditing('new')} data-testid="help-new-article">
                {t('help.manage.newArticle')}
              </Button>
            </Space>
          )}
        </div>
        {records.length ? (
          <ul className={styles.topics} data-testid="help-topics">
            {records.map((a) => (
              <li key={a.id}>
                <Link to={`/helpCenter/detail?id=${encodeURIComponent(a.slug)}`}>{a.title}</Link> <Tag>{a.categoryName}</Tag>
                {!a.published && <Tag color="default">{t('help.manage.draft')}</Tag>}
                <SafeHtml className={`${styles.snippet} ${styles.muted}`} html={a.snippet} />
              </li>
            ))}
          </ul>
        ) : (
          !list.isLoading && <Empty description={t('help.noTopics')} />
        )}
        {(list.data?.total ?? 0) > page.pageSize && (
          <Pagination
            current={page.pageIndex}
            pageSize={page.pageSize}
            total={list.data?.total ?? 0}
            onChange={(pageIndex, pageSize) => setPage({ pageIndex, pageSize })}
            style={{ marginTop: 12 }}
          />
        )}
      </section>
      {editing !== null && <ArticleEditor id={editing === 'new' ? null : editing} defaultCategoryId={categoryId} onClose={() => setEditing(null)} />}
      {managing && <CategoryManager onClose={() => setManaging(false)} />}
      {unanswered && <UnansweredQuestions onClose={() => setUnanswered(false)} />}
    </div>
  );
}
