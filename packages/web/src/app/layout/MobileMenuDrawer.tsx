import { Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo';
import { SideMenu } from './SideMenu';

/** Wide enough for the longest English menu names, narrow enough to leave the page visible. */
const DRAWER_WIDTH = 'min(300px, 85vw)';

/**
 * The phone's way into the menu tree (internal users: admin, sales, … pages have no bottom tab):
 * the desktop side menu, same folders, names and icons, in a left drawer that closes on a pick.
 */
export function MobileMenuDrawer(props: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      placement="left"
      width={DRAWER_WIDTH}
      open={props.open}
      onClose={props.onClose}
      title={
        <Flex align="center" gap={8}>
          <BrandLogo size={24} />
          <Typography.Text strong ellipsis>
            {t('app.name')}
          </Typography.Text>
        </Flex>
      }
      styles={{ body: { padding: 0 } }}
    >
      <div data-testid="mobile-menu-drawer">
        <SideMenu collapsed={false} theme="light" onNavigate={props.onClose} />
      </div>
    </Drawer>
  );
}
