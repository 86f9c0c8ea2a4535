import { baseCalls } from '@erp/contract/modules/base';
import { baseInfoMeta, employeeCalls, linkInfoMeta, workersInfoMeta } from '@erp/contract/modules/employee';
import { hrCalls } from '@erp/contract/modules/hr';
import type { ResourceMeta } from '@erp/contract/resource';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { api } from '../../../app/api/client';
import { OrgTreeSelect } from '../../../components/resource';
import { InfoBlock } from './info-block';
import { SINGLE_SECTIONS, type SingleSectionName } from './section-calls';

type Row = Record<string, unknown>;
const meta = (m: unknown) => m as ResourceMeta<Row>;

/** 基本信息: identity and person. An employee's own identity change is approved by HR first. */
export function BaseBlock({ employeeId, editable, self }: { employeeId: number | null; editable: boolean; self: boolean }) {
  return (
    <InfoBlock
      meta={meta(baseInfoMeta)}
      get={employeeCalls.rosterBaseInfo}
      save={employeeCalls.rosterSaveBase}
      employeeId={employeeId}
      editable={editable}
      note={self ? '姓名、证件类型和证件号码的修改需人事审批，审批通过后生效；性别和出生日期按身份证号码自动填写' : undefined}
      toRequest={(v, r) => ({ ...v, id: r?.id })}
    />
  );
}

export function LinkBlock({ employeeId, editable }: { employeeId: number | null; editable: boolean }) {
  return (
    <InfoBlock
      meta={meta(linkInfoMeta)}
      get={employeeCalls.rosterLinkInfo}
      save={employeeCalls.rosterSaveLink}
      employeeId={employeeId}
      editable={editable}
      toRequest={(v, r) => ({ ...v, id: r?.id })}
    />
  );
}

function WorkersExtra() {
  const clients = useQuery({ queryKey: ['base', 'clients'], queryFn: () => api(baseCalls.getClientCompany, {}), staleTime: 300_000 });
  const grades = useQuery({ queryKey: ['hr', 'grades'], queryFn: () => api(hrCalls.positiveRankList, { orgId: null }), staleTime: 300_000 });
  return (
    <>
      <Form.Item name="gradeId" label="职级">
        <Select allowClear options={(grades.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />
      </Form.Item>
      <Form.Item name="clientCompanyId" label="客户单位" extra="派遣和外包员工必填">
        <Select allowClear options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
      </Form.Item>
      <Form.Item name="settlementOrgId" label="结算组织">
        <OrgTreeSelect />
      </Form.Item>
    </>
  );
}

/** 在职信息: HR only (organisation, position, category, dates, social insurance and pay). */
export function WorkersBlock({ employeeId, editable }: { employeeId: number | null; editable: boolean }) {
  return (
    <InfoBlock
      meta={meta(workersInfoMeta)}
      get={employeeCalls.rosterWorkersInfo}
      save={employeeCalls.rosterSaveWorkers}
      employeeId={employeeId}
      editable={editable}
      extra={<WorkersExtra />}
      toRequest={(v, r) => ({ ...v, id: r?.id })}
    />
  );
}

/** Administration or examination: one record per employee, kept by HR. */
export function SingleBlock({ name, employeeId, editable }: { name: SingleSectionName; employeeId: number | null; editable: boolean }) {
  const s = SINGLE_SECTIONS[name];
  return <InfoBlock meta={s.meta} get={s.get} save={s.save} employeeId={employeeId} editable={editable} toRequest={(v) => ({ employeeId, data: v })} />;
}
