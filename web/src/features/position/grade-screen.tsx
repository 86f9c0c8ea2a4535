import { type GradeOption, positionCalls } from '@erp/contract/modules/position';
import { useQuery } from '@tanstack/react-query';
import { Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { ScreenFrame } from '../base/screen-frame';
import { AlignmentSelect } from './pickers';

/** Grades (职级) by level, with the sequences whose band holds each. */
export default function GradeScreen() {
  const [keyword, setKeyword] = useState('');
  const [alignmentId, setAlignmentId] = useState<number | null>(null);
  const grades = useQuery({
    queryKey: ['position', 'grades', keyword, alignmentId],
    queryFn: () => api(positionCalls.gradeList, { keyword: keyword || undefined, alignmentId }),
  });
  return (
    <ScreenFrame>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="职级编码或名称"
          aria-label="职级编码或名称"
          maxLength={64}
          onSearch={(v) => setKeyword(v.trim())}
          style={{ width: 220 }}
        />
        <span>职位序列</span>
        <AlignmentSelect value={alignmentId} onChange={setAlignmentId} aria-label="职位序列" placeholder="全部" style={{ width: 180 }} />
      </Space>
      <Table<GradeOption>
        rowKey="id"
        size="middle"
        loading={grades.isLoading}
        dataSource={grades.data ?? []}
        pagination={false}
        columns={[
          { title: '职级编码', dataIndex: 'code', width: 120 },
          { title: '职级名称', dataIndex: 'name', width: 180 },
          { title: '级别', dataIndex: 'level', width: 90 },
          { title: '适用职位序列', dataIndex: 'alignmentNames', render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>) },
        ]}
      />
    </ScreenFrame>
  );
}
