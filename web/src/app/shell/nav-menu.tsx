import { Menu, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';

/**
 * antd Menu for the top menu, the sidebar and the mobile drawer. Loaded lazily: the entry page
 * and the workbench show neither, so they do not carry antd Menu.
 */
export default function NavMenu({
  items,
  selectedKey,
  openKeys,
  mode,
  collapsed,
  label,
  className,
}: {
  items: NonNullable<MenuProps['items']>;
  selectedKey: string;
  openKeys?: string[];
  mode: 'horizontal' | 'inline';
  collapsed?: boolean;
  label: string;
  className?: string;
}) {
  const navigate = useNavigate();
  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={[selectedKey]}
      defaultOpenKeys={openKeys}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
      onClick={({ key }) => navigate(key)}
      aria-label={label}
      className={className}
    />
  );
}
