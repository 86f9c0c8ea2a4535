import { baseCalls } from '@erp/contract/modules/base';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Skeleton } from 'antd';
import { api } from '../api/client';
import { useLoginInfo } from '../session/session-store';
import { OwnAvatar } from './own-avatar';

/**
 * The signed-in account's own data (name, department, phone, mail, roles) for accounts without an
 * employee record, e.g. administrators: the personal centre shows this instead of the record.
 */
export function AccountCard() {
  const login = useLoginInfo();
  const user = useQuery({
    queryKey: ['base', 'me', login?.user_code],
    queryFn: () => api(baseCalls.getUserInfoByCode, { userCode: login?.user_code ?? '' }),
    enabled: !!login?.user_code,
  });
  if (user.isLoading) return <Skeleton avatar active />;
  const u = user.data;
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }} data-testid="account-card">
      <OwnAvatar />
      <div style={{ flex: 1, minWidth: 240 }}>
        <h2 style={{ fontSize: 20, fontWeight: 600, margin: '0 0 8px' }}>{u?.realName ?? login?.realName}</h2>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="账号">{u?.userCode ?? login?.user_code}</Descriptions.Item>
          <Descriptions.Item label="部门">{u?.orgName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="手机">{u?.phone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{u?.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="角色">{u?.roles.map((r) => r.name).join('、') || '—'}</Descriptions.Item>
        </Descriptions>
        <p style={{ color: '#595959', margin: '8px 0 0' }}>当前账号没有员工档案：学历、银行卡等档案信息由人事部门建档后在此维护。</p>
      </div>
    </div>
  );
}
