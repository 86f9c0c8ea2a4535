import { employeeCalls, SECTION_TITLES } from '@erp/contract/modules/employee';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Skeleton, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { AccountCard } from '../../../app/account/account-card';
import { OwnAvatar } from '../../../app/account/own-avatar';
import { api } from '../../../app/api/client';
import { DictTag } from '../../../components/resource';
import { ScreenFrame } from '../../base/screen-frame';
import { changeLabel } from '../change-request/change-label';
import { EmployeeTimeline } from '../employee/employee-timeline';
import { MyDataReads } from './my-data-reads';
import { MySessions } from './my-sessions';

/** The Edit pages of spec 001 §2, in the order the personal centre offers them. */
export const PERSONAL_PAGES: Array<{ path: string; title: string; hint: string }> = [
  { path: 'EditBaseInfo', title: '基本信息', hint: '证件、民族、籍贯、联系方式' },
  { path: 'EditWorkExprience', title: SECTION_TITLES.workerHistory, hint: '以往任职单位与职位' },
  { path: 'EditEducational', title: SECTION_TITLES.education, hint: '学历学位，需人事审批' },
  { path: 'EditFamilyMember', title: SECTION_TITLES.link, hint: '家庭成员及联系方式' },
  { path: 'EditRelation', title: SECTION_TITLES.around, hint: '需申报的社会关系' },
  { path: 'EditReward', title: SECTION_TITLES.award, hint: '荣誉与奖励' },
  { path: 'EditLanguagePower', title: SECTION_TITLES.language, hint: '语种与熟练程度' },
  { path: 'EditCertificate', title: SECTION_TITLES.certificate, hint: '职业资格与技能证书' },
  { path: 'EditVehicleInfo', title: SECTION_TITLES.vehicle, hint: '车辆与车牌（停车登记）' },
  { path: 'EditBankInfo', title: SECTION_TITLES.bank, hint: '工资卡，需人事审批' },
];

/** 个人中心: who I am here, the parts of my record I keep, and my change requests waiting for HR. */
export default function PersonalFirstPage() {
  const base = useQuery({
    queryKey: ['hr', 'block', 'employeeBase', 'me'],
    queryFn: () => api(employeeCalls.rosterBaseInfo, { employeeId: null }, { silent: true }),
    retry: false,
  });
  const work = useQuery({
    queryKey: ['hr', 'block', 'employeeWork', 'me'],
    queryFn: () => api(employeeCalls.rosterWorkersInfo, { employeeId: null }, { silent: true }),
    retry: false,
  });
  const requests = useQuery({ queryKey: ['hr', 'changeRequests', 'mine'], queryFn: () => api(employeeCalls.changeRequestMine, {}) });
  return (
    <ScreenFrame>
      <Card style={{ marginBottom: 16 }}>
        {base.isLoading ? (
          <Skeleton avatar active />
        ) : base.data ? (
          <Space size="middle">
            <OwnAvatar initials={base.data.name.slice(-2)} />
            <div>
              <div style={{ fontSize: 20, fontWeight: 600 }}>{base.data.name}</div>
              <Space wrap>
                <span>工号 {base.data.employeeCode}</span>
                <span>{work.data?.orgName}</span>
                <span>{work.data?.positionName}</span>
                {work.data && <DictTag codeType="EMPLOYSTATE" value={work.data.employState} />}
                {work.data?.entryDate && <span>入职于 {work.data.entryDate}</span>}
              </Space>
            </div>
          </Space>
        ) : (
          <AccountCard />
        )}
      </Card>
      <Row gutter={[16, 16]}>
        {PERSONAL_PAGES.map((p) => (
          <Col key={p.path} xs={12} sm={8} lg={6}>
            <Link to={`/PersonalCenter/${p.path}`}>
              <Card hoverable size="small">
                <div style={{ fontWeight: 600 }}>{p.title}</div>
                <div style={{ color: '#666', fontSize: 12 }}>{p.hint}</div>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <Card title="我的信息变更申请" style={{ marginTop: 16 }}>
        <List
          loading={requests.isLoading}
          locale={{ emptyText: '暂无变更申请' }}
          dataSource={requests.data ?? []}
          renderItem={(r) => (
            <List.Item key={r.id} extra={<DictTag codeType="STATUS" value={r.status} />}>
              <List.Item.Meta
                title={
                  <Space>
                    <span>{r.documentNo}</span>
                    <Tag>{changeLabel(r)}</Tag>
                  </Space>
                }
                description={`员工信息变更 · 提交于 ${r.createdAt.slice(0, 10)}`}
              />
            </List.Item>
          )}
        />
      </Card>
      {base.data && (
        <Card title="我的时间线" style={{ marginTop: 16 }}>
          <EmployeeTimeline employeeId={null} />
        </Card>
      )}
      <MyDataReads />
      <MySessions />
    </ScreenFrame>
  );
}
