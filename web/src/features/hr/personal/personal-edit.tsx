import { ArrowLeftOutlined } from '@ant-design/icons';
import { SECTION_TITLES } from '@erp/contract/modules/employee';
import { Button, Card } from 'antd';
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { ScreenFrame } from '../../base/screen-frame';
import { BaseBlock, LinkBlock, WorkersBlock } from '../employee/employee-blocks';
import type { ListSectionName } from '../employee/section-calls';
import { SectionPanel } from '../employee/section-panel';

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <ScreenFrame>
      <Card
        title={
          <span>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回个人中心" onClick={() => navigate('/PersonalCenter/FirstPage')} /> {title}
          </span>
        }
      >
        {children}
      </Card>
    </ScreenFrame>
  );
}

/** 个人中心 · 基本信息: the employee's own identity and contact (employment is HR's and read only). */
export function EditBaseInfo() {
  return (
    <Frame title="基本信息">
      <BaseBlock employeeId={null} editable self />
      <LinkBlock employeeId={null} editable />
      <WorkersBlock employeeId={null} editable={false} />
    </Frame>
  );
}

const pages = new Map<ListSectionName, ComponentType>();

/** 个人中心 · one section of the employee's own record (the same panel HR uses, on their own rows). */
export function editPage(name: ListSectionName): ComponentType {
  let page = pages.get(name);
  if (!page) {
    const title = SECTION_TITLES[name];
    page = function PersonalSection() {
      return (
        <Frame title={title}>
          <SectionPanel name={name} employeeId={null} editable self />
        </Frame>
      );
    };
    pages.set(name, page);
  }
  return page;
}
