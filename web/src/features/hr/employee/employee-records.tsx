import { SECTION_TITLES } from '@erp/contract/modules/employee';
import { Tabs } from 'antd';
import { RecordHistory } from '../../../components/history/record-history';
import { BaseBlock, LinkBlock, SingleBlock, WorkersBlock } from './employee-blocks';
import { ChangeHistory, TakeOfficeHistory } from './employee-history';
import { EmployeeTimeline } from './employee-timeline';
import { MaterialsPanel } from './materials-panel';
import { LIST_SECTIONS, type ListSectionName } from './section-calls';
import { SectionPanel } from './section-panel';

/**
 * All of an employee's record in tabs: the five info blocks (base, contact, employment, changes,
 * positions held) and every section. `canEdit` is HR's right to change this employee.
 */
export function EmployeeRecords({ employeeId, canEdit }: { employeeId: number; canEdit: boolean }) {
  const listTabs = (Object.keys(LIST_SECTIONS) as ListSectionName[]).map((name) => ({
    key: name,
    label: SECTION_TITLES[name],
    children: <SectionPanel name={name} employeeId={employeeId} editable={canEdit} self={false} />,
  }));
  return (
    <Tabs
      items={[
        {
          key: 'info',
          label: '基本信息',
          children: (
            <>
              <BaseBlock employeeId={employeeId} editable={canEdit} self={false} />
              <LinkBlock employeeId={employeeId} editable={canEdit} />
              <WorkersBlock employeeId={employeeId} editable={canEdit} />
            </>
          ),
        },
        { key: 'timeline', label: '时间线', children: <EmployeeTimeline employeeId={employeeId} /> },
        { key: 'changes', label: '变动记录', children: <ChangeHistory employeeId={employeeId} /> },
        { key: 'offices', label: '任职记录', children: <TakeOfficeHistory employeeId={employeeId} /> },
        { key: 'history', label: '操作记录', children: <RecordHistory kind="employee" id={employeeId} /> },
        ...listTabs,
        {
          key: 'administration',
          label: SECTION_TITLES.administration,
          children: <SingleBlock name="administration" employeeId={employeeId} editable={canEdit} />,
        },
        { key: 'examination', label: SECTION_TITLES.examination, children: <SingleBlock name="examination" employeeId={employeeId} editable={canEdit} /> },
        { key: 'material', label: SECTION_TITLES.material, children: <MaterialsPanel employeeId={employeeId} editable={canEdit} /> },
      ]}
    />
  );
}
