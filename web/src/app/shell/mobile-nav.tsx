import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SIDEBAR_WIDTH } from './layout-rules';

/** The menu drawer of the mobile layout (below 992 px); loaded only on small screens. */
export default function MobileNav({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} placement="left" size={SIDEBAR_WIDTH + 40} title={t('header.menu')} data-testid="mobile-nav">
      {children}
    </Drawer>
  );
}
