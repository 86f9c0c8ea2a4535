import type { CallDefinition, RequestOf } from '@erp/contract/define';
import { SECTIONS_NEEDING_APPROVAL, type SectionName } from '@erp/contract/modules/employee';
import type { FileEntry } from '@erp/contract/modules/file';
import { fieldsOf } from '@erp/contract/resource';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';
import { FileUpload } from '../../../components/file-upload';
import { ResourceForm, renderValue } from '../../../components/resource';
import { savedText } from './saved-text';
import { fileListKey, LIST_SECTIONS, type ListSectionName } from './section-calls';

type Row = Record<string, unknown>;

export const sectionKey = (name: string, employeeId: number | null) => ['hr', 'section', name, employeeId ?? 'me'] as const;

/**
 * One record section of an employee as a table with add, edit and delete (after confirmation).
 * The same panel serves the staff detail (HR) and the personal centre (the employee's own rows);
 * an employee's own change of a section HR approves says so before and after saving.
 */
export function SectionPanel({ name, employeeId, editable, self }: { name: ListSectionName; employeeId: number | null; editable: boolean; self: boolean }) {
  const section = LIST_SECTIONS[name];
  const client = useQueryClient();
  const { message } = App.useApp();
  const key = sectionKey(name, employeeId);
  const query = useQuery({ queryKey: key, queryFn: () => api(section.list, { employeeId } as RequestOf<CallDefinition>) as Promise<Row[]> });
  const [editing, setEditing] = useState<{ open: boolean; record: Row | null }>({ open: false, record: null });
  const fields = fieldsOf(section.meta).filter(([, f]) => !f.hideInTable);
  const refresh = () => client.invalidateQueries({ queryKey: ['hr', 'section', name] });
  const needsApproval = self && SECTIONS_NEEDING_APPROVAL.includes(name as SectionName);

  const columns: TableColumnsType<Row> = fields.map(([k, f]) => ({
    key: k,
    dataIndex: k,
    title: f.label,
    ellipsis: f.valueType !== 'file',
    render: (value: unknown, r: Row) =>
      f.valueType === 'file' ? (
        (r[fileListKey(k)] as FileEntry[] | undefined)?.length ? (
          <FileUpload readOnly value={r[fileListKey(k)] as FileEntry[]} />
        ) : (
          <span style={{ color: '#bbb' }}>-</span>
        )
      ) : (
        renderValue(f, value, k)
      ),
  }));
  if (editable)
    columns.push({
      key: '__actions',
      title: '操作',
      width: 130,
      render: (_: unknown, r: Row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ open: true, record: r })}>
            编辑
          </Button>
          <Popconfirm
            title="确认删除？"
            okText="确定"
            cancelText="取消"
            onConfirm={async () => {
              const saved = await api(section.remove, { id: r.id } as RequestOf<CallDefinition>);
              message.success(savedText(saved).replace('保存成功', '删除成功'));
              await refresh();
            }}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    });

  return (
    <div>
      {needsApproval && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`${section.meta.title}的新增、修改和删除需人事审批，审批通过后生效`} />}
      {editable && (
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing({ open: true, record: null })}>
          新增{section.meta.title}
        </Button>
      )}
      <Table<Row>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        columns={columns}
        dataSource={query.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: query.isError ? '加载失败，请刷新重试' : `暂无${section.meta.title}` }}
      />
      <ResourceForm<Row>
        meta={section.meta}
        open={editing.open}
        title={`${editing.record ? '编辑' : '新增'}${section.meta.title}`}
        record={editing.record}
        defaults={{ fullTime: true, salaryCard: true }}
        savedText={savedText}
        schema={(editing.record ? section.update : section.add).request}
        schemaPath={['data']}
        onClose={() => setEditing({ open: false, record: null })}
        onSubmit={async (values) => {
          const data = Object.fromEntries(Object.entries(values).filter(([k]) => k in section.meta.fields));
          const saved = editing.record
            ? await api(section.update, { id: editing.record.id, data } as RequestOf<CallDefinition>)
            : await api(section.add, { employeeId, data } as RequestOf<CallDefinition>);
          await refresh();
          return saved;
        }}
      />
    </div>
  );
}
