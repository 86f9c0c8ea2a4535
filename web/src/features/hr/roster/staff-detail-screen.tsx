import { employeeCalls, HR_PERM } from '@erp/contract/modules/employee';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Result, Skeleton, Space, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { api, download } from '../../../app/api/client';
import { useHasAuth } from '../../../app/auth/auth';
import { DictTag } from '../../../components/resource';
import { ScreenFrame } from '../../base/screen-frame';
import { EmployeeRecords } from '../employee/employee-records';

/** 员工详情: one employee's whole record; HR with the edit permission changes it in place. */
export default function StaffDetailScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const can = useHasAuth();
  const valid = Number.isSafeInteger(id) && id > 0;
  const base = useQuery({
    queryKey: ['hr', 'block', 'employeeBase', id],
    queryFn: () => api(employeeCalls.rosterBaseInfo, { employeeId: id }),
    enabled: valid,
  });
  const work = useQuery({
    queryKey: ['hr', 'block', 'employeeWork', id],
    queryFn: () => api(employeeCalls.rosterWorkersInfo, { employeeId: id }),
    enabled: valid,
  });
  if (!valid) return <Result status="404" title="请从员工管理中选择员工" />;
  if (base.isError) return <Result status="404" title="员工不存在或无权查看" />;
  return (
    <ScreenFrame>
      <Card style={{ marginBottom: 16 }}>
        {base.isLoading || !base.data ? (
          <Skeleton avatar active />
        ) : (
          <Space size="large" wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <Space size="middle">
              <Avatar size={56}>{base.data.name.slice(-2)}</Avatar>
              <div>
                <div style={{ fontSize: 20, fontWeight: 600 }}>
                  {base.data.name} <span style={{ fontSize: 14, color: '#888' }}>{base.data.employeeCode}</span>
                </div>
                <Space wrap style={{ marginTop: 4 }}>
                  <span>{work.data?.orgName ?? '-'}</span>
                  <span>{work.data?.positionName ?? ''}</span>
                  {work.data && <DictTag codeType="EMPLOYSTATE" value={work.data.employState} />}
                  {work.data && <DictTag codeType="PERSONCATEGORY" value={work.data.personCategory} />}
                  {base.data.masked && <Tag>敏感信息已脱敏</Tag>}
                </Space>
              </div>
            </Space>
            <Button onClick={() => download(employeeCalls.basicDownload, { employeeId: id }, `员工登记表-${base.data?.name}.xlsx`)}>下载员工登记表</Button>
          </Space>
        )}
      </Card>
      <Card>
        <EmployeeRecords employeeId={id} canEdit={can(HR_PERM.rosterEdit)} />
      </Card>
    </ScreenFrame>
  );
}
