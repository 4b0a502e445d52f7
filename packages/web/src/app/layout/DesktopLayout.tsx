import { Flex, Layout, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo';
import { Navbar } from './Navbar';
import { SideMenu } from './SideMenu';
import type { ShellDialogName } from './shellDialogs';

const SIDER_WIDTH_PX = 220;

/** Desktop frame (spec 000 §2): sidebar from the permission menu, navbar with breadcrumb, content. */
export function DesktopLayout(props: {
  readonly children: ReactNode;
  readonly onOpenDialog: (name: ShellDialogName) => void;
  readonly onCheckNotices: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={SIDER_WIDTH_PX}
        collapsible
        collapsed={collapsed}
        trigger={null}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <Flex align="center" gap={8} style={{ height: 56, paddingInline: collapsed ? 24 : 16 }}>
          <BrandLogo size={28} />
          {collapsed ? null : (
            <Typography.Text strong style={{ color: '#fff', fontSize: token.fontSizeLG }} ellipsis>
              {t('app.name')}
            </Typography.Text>
          )}
        </Flex>
        <SideMenu collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <Navbar
          collapsed={collapsed}
          onToggleCollapsed={() => setCollapsed((value) => !value)}
          onOpenDialog={props.onOpenDialog}
          onCheckNotices={props.onCheckNotices}
        />
        <Layout.Content style={{ padding: token.padding, minWidth: 0 }}>{props.children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
