import {
  ArrowLeftOutlined,
  BuildOutlined,
  CameraOutlined,
  CrownFilled,
  FundOutlined,
  GiftOutlined,
  HomeOutlined,
  MenuOutlined,
  PlusOutlined,
  SearchOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Drawer, Flex, Input, Modal, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { copyText } from '../../utils/clipboard';
import { toast } from '../../utils/feedback';
import { desktopLink } from '../../utils/links';
import { MOBILE_SEARCH_PATHS, MOBILE_TABS } from '../declaredRoutes';
import { useShell } from '../shell/ShellContext';
import { useRouteInfo } from '../shell/useRouteInfo';
import { MobileMenuDrawer } from './MobileMenuDrawer';
import type { ShellDialogName } from './shellDialogs';
import { UserMenuContent } from './UserPopover';

const TAB_ICONS: Record<(typeof MOBILE_TABS)[number]['icon'], ReactNode> = {
  HomeOutlined: <HomeOutlined />,
  FundOutlined: <FundOutlined />,
  CameraOutlined: <CameraOutlined />,
  BuildOutlined: <BuildOutlined />,
  ToolOutlined: <ToolOutlined />,
};

const TOP_BAR_PX = 48;
const TAB_BAR_PX = 56;

/**
 * Mobile frame (spec 000 §2): a top bar (back arrow off the tabs, add-project hint with copy
 * link, search drawer on the list pages, invite and VIP icons) and a bottom tab bar. Internal
 * users (not outUser) get a menu button opening their whole menu tree instead of the customer
 * icons (add, invite, VIP), since their pages (orders, packages, …) have no tab.
 */
export function MobileLayout(props: {
  readonly children: ReactNode;
  readonly onOpenDialog: (name: ShellDialogName) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { title } = useRouteInfo();
  const { user } = useShell();
  const external = user.outUser;
  const [searchOpen, setSearchOpen] = useState(false);
  const [userOpen, setUserOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const onTab = MOBILE_TABS.some((tab) => tab.path === pathname);
  const canSearch = MOBILE_SEARCH_PATHS.includes(pathname);

  const showAddHint = () => {
    Modal.info({
      title: t('shell.mobile.addTitle'),
      content: t('shell.mobile.addHint'),
      okText: t('shell.mobile.copyLink'),
      onOk: async () => {
        if (await copyText(desktopLink())) toast('success', t('common.copied'));
        else toast('error', t('common.copyFailed'));
      },
    });
  };

  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout }} data-testid="mobile-layout">
      <Flex
        align="center"
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          height: TOP_BAR_PX,
          paddingInline: 8,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex style={{ minWidth: 40 }}>
          {onTab ? null : (
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('shell.back')}
              onClick={() => navigate(-1)}
              data-testid="mobile-back"
            />
          )}
          {external ? null : (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('shell.mobile.menu')}
              onClick={() => setMenuOpen(true)}
              data-testid="mobile-menu"
            />
          )}
        </Flex>
        <Typography.Text strong ellipsis style={{ flex: 1, textAlign: 'center' }}>
          {title}
        </Typography.Text>
        <Flex>
          {canSearch ? (
            <Button
              type="text"
              icon={<SearchOutlined />}
              aria-label={t('shell.mobile.search')}
              onClick={() => setSearchOpen(true)}
              data-testid="mobile-search"
            />
          ) : null}
          {external ? (
            <>
              <Button
                type="text"
                icon={<PlusOutlined />}
                aria-label={t('shell.mobile.add')}
                onClick={showAddHint}
                data-testid="mobile-add"
              />
              <Button
                type="text"
                icon={<GiftOutlined style={{ color: token.colorError }} />}
                aria-label={t('shell.navbar.invite')}
                onClick={() => props.onOpenDialog('invite')}
                data-testid="mobile-invite"
              />
              <Button
                type="text"
                icon={<CrownFilled style={{ color: token.colorWarning }} />}
                aria-label={t('shell.vip.openNow')}
                onClick={() => navigate('/openVip/subscriptionVip')}
                data-testid="mobile-vip"
              />
            </>
          ) : null}
          <Button
            type="text"
            icon={<UserOutlined />}
            aria-label={t('shell.mobile.account')}
            onClick={() => setUserOpen(true)}
            data-testid="mobile-user"
          />
        </Flex>
      </Flex>
      <main style={{ padding: 12, paddingBottom: TAB_BAR_PX + 12 }}>{props.children}</main>
      <nav
        data-testid="mobile-tabbar"
        style={{
          position: 'fixed',
          insetInline: 0,
          bottom: 0,
          zIndex: 10,
          height: TAB_BAR_PX,
          display: 'flex',
          background: token.colorBgContainer,
          borderTop: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {MOBILE_TABS.map((tab) => {
          const active = pathname === tab.path;
          return (
            <button
              key={tab.path}
              type="button"
              onClick={() => navigate(tab.path)}
              style={{
                flex: 1,
                minWidth: 0,
                padding: 0,
                border: 0,
                background: 'transparent',
                color: active ? token.colorPrimary : token.colorTextSecondary,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 2,
                fontSize: 12,
                cursor: 'pointer',
              }}
              aria-current={active ? 'page' : undefined}
            >
              <span style={{ fontSize: 20 }}>{TAB_ICONS[tab.icon]}</span>
              <span
                style={{
                  maxWidth: '100%',
                  paddingInline: 2,
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                }}
              >
                {t(tab.titleKey)}
              </span>
            </button>
          );
        })}
      </nav>
      {external ? null : <MobileMenuDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />}
      <Drawer
        placement="right"
        width={300}
        open={userOpen}
        onClose={() => setUserOpen(false)}
        title={t('shell.mobile.account')}
        extra={<LanguageSwitch />}
      >
        <UserMenuContent
          onChoose={(name) => {
            setUserOpen(false);
            props.onOpenDialog(name);
          }}
        />
      </Drawer>
      <Drawer
        placement="top"
        open={searchOpen}
        onClose={() => setSearchOpen(false)}
        height={120}
        title={t('shell.mobile.search')}
      >
        <Input.Search
          allowClear
          defaultValue={params.get('keyword') ?? ''}
          placeholder={t('shell.mobile.searchPlaceholder')}
          onSearch={(value) => {
            const next = new URLSearchParams(params);
            if (value.trim()) next.set('keyword', value.trim());
            else next.delete('keyword');
            setParams(next);
            setSearchOpen(false);
          }}
        />
      </Drawer>
    </div>
  );
}
