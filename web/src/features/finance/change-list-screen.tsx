import { type ChangeRecord, financeProjectCalls as F } from '@erp/contract/modules/finance-project';
import { useQuery } from '@tanstack/react-query';
import { Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api/client';
import { DictTag } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { monthText } from './money';

/** 项目变更: the changes of projects in scope, newest first; a row opens /changeDetail. */
export default function ChangeListScreen() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 20 });
  const q = useQuery({
    queryKey: ['finance', 'changes', keyword, paging],
    queryFn: () => api(F.getProjectChangePage, { ...paging, keyword: keyword || undefined }),
  });
  return (
    <ScreenFrame>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="变更单号 / 项目名称 / 项目编号"
          aria-label="关键字"
          maxLength={64}
          style={{ width: 300 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
      </Space>
      <Table<ChangeRecord>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        onRow={(r) => ({ onClick: () => navigate(`/changeDetail?id=${r.id}`), style: { cursor: 'pointer' } })}
        pagination={{
          current: paging.pageIndex,
          pageSize: paging.pageSize,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }),
        }}
        columns={[
          { title: '变更单号', dataIndex: 'changeNo', render: (v: string | null) => v ?? '（草稿）' },
          { title: '项目编号', dataIndex: 'projectNo' },
          { title: '项目名称', dataIndex: 'projectName' },
          { title: '变更原因', dataIndex: 'reason', ellipsis: true },
          { title: '生效月份', dataIndex: 'effectiveMonth', render: (v: number) => monthText(v) },
          { title: '版本', dataIndex: 'versionNo', render: (v: number | null) => (v ? `V${v}` : '') },
          { title: '审批状态', dataIndex: 'status', render: (v: string) => <DictTag codeType="STATUS" value={v} /> },
          { title: '申请人', dataIndex: 'createdByName' },
          { title: '申请时间', dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString('zh-CN', { hour12: false }) },
        ]}
      />
    </ScreenFrame>
  );
}
