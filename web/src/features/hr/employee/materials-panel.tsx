import { employeeCalls, materialMeta } from '@erp/contract/modules/employee';
import type { ResourceMeta } from '@erp/contract/resource';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Table } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';
import { FileUpload } from '../../../components/file-upload';
import { DictTag, ResourceForm, renderValue } from '../../../components/resource';

/** 员工材料: files filed per category (identity card, diplomas, contract, medical report, avatar …). */
export function MaterialsPanel({ employeeId, editable }: { employeeId: number | null; editable: boolean }) {
  const client = useQueryClient();
  const { message } = App.useApp();
  const key = ['hr', 'materials', employeeId ?? 'me'];
  const query = useQuery({ queryKey: key, queryFn: () => api(employeeCalls.materialList, { employeeId }) });
  const [open, setOpen] = useState(false);
  return (
    <div>
      {editable && (
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setOpen(true)}>
          上传材料
        </Button>
      )}
      <Table
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={query.data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无员工材料' }}
        columns={[
          { key: 'category', title: '材料类别', dataIndex: 'category', width: 160, render: (v: string) => <DictTag codeType="MATERIALTYPE" value={v} /> },
          { key: 'files', title: '文件', dataIndex: 'files', render: (_: unknown, r) => <FileUpload readOnly value={r.files} /> },
          {
            key: 'updatedAt',
            title: '更新时间',
            dataIndex: 'updatedAt',
            width: 180,
            render: (v: string) => renderValue({ label: '', valueType: 'datetime' }, v, 'updatedAt'),
          },
          ...(editable
            ? [
                {
                  key: '__actions',
                  title: '操作',
                  width: 90,
                  render: (_: unknown, r: { id: number }) => (
                    <Popconfirm
                      title="确认删除？"
                      okText="确定"
                      cancelText="取消"
                      onConfirm={async () => {
                        await api(employeeCalls.materialDelete, { id: r.id });
                        message.success('删除成功');
                        await client.invalidateQueries({ queryKey: key });
                      }}
                    >
                      <Button type="link" size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ResourceForm<Record<string, unknown>>
        meta={materialMeta as unknown as ResourceMeta<Record<string, unknown>>}
        open={open}
        title="上传材料"
        record={null}
        onClose={() => setOpen(false)}
        onSubmit={async (v) => {
          const saved = await api(employeeCalls.materialAdd, { employeeId, category: String(v.category), fileId: String(v.fileId) });
          await client.invalidateQueries({ queryKey: key });
          return saved;
        }}
      />
    </div>
  );
}
