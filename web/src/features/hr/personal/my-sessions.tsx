import { authCalls } from '@erp/contract/modules/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, List, Popconfirm, Tag } from 'antd';
import { api } from '../../../app/api/client';
import { renderValue } from '../../../components/resource';

const when = (v: string) => renderValue({ label: '', valueType: 'datetime' }, v, 'at');

/** 登录设备: my live sessions (at most 10), each but this one can be signed out. */
export function MySessions() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const query = useQuery({ queryKey: ['auth', 'sessions'], queryFn: () => api(authCalls.mySessions, {}) });
  return (
    <Card title="登录设备" style={{ marginTop: 16 }}>
      <List
        loading={query.isLoading}
        dataSource={query.data ?? []}
        locale={{ emptyText: '暂无登录记录' }}
        renderItem={(s) => (
          <List.Item
            key={s.id}
            actions={
              s.current
                ? [
                    <Tag key="current" color="green">
                      当前设备
                    </Tag>,
                  ]
                : [
                    <Popconfirm
                      key="end"
                      title="确认让该设备下线？"
                      okText="确定"
                      cancelText="取消"
                      onConfirm={async () => {
                        await api(authCalls.endSession, { id: s.id });
                        message.success('已下线');
                        await client.invalidateQueries({ queryKey: ['auth', 'sessions'] });
                      }}
                    >
                      <Button size="small">下线</Button>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta
              title={s.userAgent ? s.userAgent.slice(0, 80) : '未知设备'}
              description={
                <span>
                  {s.ip ?? '-'} · 登录于 {when(s.createdAt)} · 最近使用 {when(s.lastUsedAt)}
                </span>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
