import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  DatabaseOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  IdcardOutlined,
  LogoutOutlined,
  MenuOutlined,
  QuestionCircleOutlined,
  ReconciliationOutlined,
  SafetyOutlined,
  SendOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Icons named by menus (meta.icon). A fixed list keeps the whole icon set out of the bundle;
 * unknown names fall back to a generic application icon.
 */
const ICONS: Record<string, ComponentType> = {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  DatabaseOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  IdcardOutlined,
  LogoutOutlined,
  MenuOutlined,
  QuestionCircleOutlined,
  ReconciliationOutlined,
  SafetyOutlined,
  SendOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
};

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon aria-hidden />;
}
