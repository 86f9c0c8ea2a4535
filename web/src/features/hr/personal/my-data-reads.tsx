import { privacyCalls } from '@erp/contract/modules/privacy';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';
import { renderValue } from '../../../components/resource';

/** 谁查看了我的信息: reads of my ID number, phone, bank account, pay or emergency contacts by others (PIPL; issue 34 §5). */
export function MyDataReads() {
  const [pageIndex, setPageIndex] = useState(1);
  const reads = useQuery({ queryKey: ['privacy', 'mine', pageIndex], queryFn: () => api(privacyCalls.myDataReads, { pageIndex, pageSize: 10 }) });
  return (
    <Card
      title="谁查看了我的信息"
      style={{ marginTop: 16 }}
      extra={<span style={{ color: '#666', fontSize: 12 }}>他人查看您的证件号、手机号、银行卡、薪资或紧急联系人时记录</span>}
    >
      <Table
        size="small"
        rowKey={(r) => `${r.at}-${r.readerName}-${r.fields}`}
        loading={reads.isLoading}
        dataSource={reads.data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无他人查看记录" /> }}
        pagination={{ current: pageIndex, pageSize: 10, total: reads.data?.total ?? 0, onChange: setPageIndex, showSizeChanger: false }}
        columns={[
          { title: '时间', dataIndex: 'at', width: 170, render: (v: string) => renderValue({ label: '', valueType: 'datetime' }, v, 'at') },
          { title: '查看人', dataIndex: 'readerName', width: 110 },
          { title: '角色', dataIndex: 'readerRoles' },
          { title: '查看内容', dataIndex: 'fields' },
        ]}
      />
    </Card>
  );
}
