import {
  BellOutlined,
  CrownFilled,
  CustomerServiceOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  GiftOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Flex, Layout, Popover, Tag, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ServiceContactCard } from '../../components/dialogs/ServiceContactCard';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { HasRole } from '../../components/permission';
import { useShell } from '../shell/ShellContext';
import { AppBreadcrumb } from './AppBreadcrumb';
import type { ShellDialogName } from './shellDialogs';
import { UserPopover } from './UserPopover';
import { toggleFullscreen, useIsFullscreen } from './useLayoutMode';
import { useThrottledAction } from './useThrottle';

/** Notification clicks are throttled to one per 2 s (spec 000 §9). */
export const NOTICE_CLICK_THROTTLE_MS = 2000;

/** The role that shows the navbar's tool-handbook text (spec 000 §6). */
export const TOOLS_HANDBOOK_ROLE = 'toolsHandbook';

/** Where the quick-start manual lives (a static page of the web app). */
export const QUICK_START_MANUAL_PATH = 'manual/quick-start.html';

export interface NavbarProps {
  readonly collapsed: boolean;
  readonly onToggleCollapsed: () => void;
  readonly onOpenDialog: (name: ShellDialogName) => void;
  readonly onCheckNotices: () => void;
}

/**
 * The desktop navbar (spec 000 §2): breadcrumb, invite gift, VIP badge, full-screen switch (only
 * with assetNo), customer service, feedback, notifications, help, language and the user popover.
 */
export function Navbar(props: NavbarProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { user } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const fullscreen = useIsFullscreen();
  const hasAssetNo = new URLSearchParams(location.search).has('assetNo');
  const checkNotices = useThrottledAction(props.onCheckNotices, NOTICE_CLICK_THROTTLE_MS);
  const external = user.outUser;

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: token.marginSM,
        paddingInline: token.padding,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        height: 56,
        lineHeight: '56px',
      }}
    >
      <Button
        type="text"
        icon={props.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={props.onToggleCollapsed}
        aria-label={t('shell.toggleMenu')}
      />
      <div style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        <AppBreadcrumb />
      </div>
      <Flex align="center" gap={4}>
        {external ? (
          <Button
            type="text"
            icon={<GiftOutlined style={{ color: token.colorError }} />}
            onClick={() => props.onOpenDialog('invite')}
            data-testid="navbar-invite"
          >
            {t('shell.navbar.invite')}
          </Button>
        ) : null}
        {external ? (
          <Tooltip title={user.tier > 0 ? t('shell.vip.member') : t('shell.vip.openNow')}>
            <Tag
              icon={<CrownFilled />}
              color={user.tier > 0 ? 'gold' : 'default'}
              style={{ cursor: 'pointer' }}
              onClick={() => navigate('/openVip/subscriptionVip')}
              data-testid="navbar-vip"
            >
              {user.tier > 0 ? t(user.tier === 2 ? 'shell.tier.2' : 'shell.tier.1') : t('shell.vip.none')}
            </Tag>
          </Tooltip>
        ) : null}
        {hasAssetNo ? (
          <Tooltip title={fullscreen ? t('shell.navbar.exitFullscreen') : t('shell.navbar.fullscreen')}>
            <Button
              type="text"
              icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={() => void toggleFullscreen()}
              data-testid="navbar-fullscreen"
            />
          </Tooltip>
        ) : null}
        <Popover
          trigger="click"
          placement="bottom"
          title={t('shell.navbar.customerService')}
          content={<ServiceContactCard />}
        >
          <Button
            type="text"
            icon={<CustomerServiceOutlined />}
            aria-label={t('shell.navbar.customerService')}
            data-testid="navbar-customer-service"
          />
        </Popover>
        <Tooltip title={t('shell.navbar.feedback')}>
          <Button
            type="text"
            icon={<MessageOutlined />}
            aria-label={t('shell.navbar.feedback')}
            onClick={() => props.onOpenDialog('feedback')}
            data-testid="navbar-feedback"
          />
        </Tooltip>
        <Tooltip title={t('shell.navbar.notices')}>
          <Button
            type="text"
            icon={<BellOutlined />}
            aria-label={t('shell.navbar.notices')}
            onClick={checkNotices}
            data-testid="navbar-notice"
          />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'manual', label: t('shell.help.manual') },
              { key: 'guide', label: t('shell.help.guide') },
            ],
            onClick: ({ key }) => {
              if (key === 'manual')
                window.open(`${import.meta.env.BASE_URL}${QUICK_START_MANUAL_PATH}`, '_blank');
              else props.onOpenDialog('guide');
            },
          }}
        >
          <Button type="text" icon={<QuestionCircleOutlined />} data-testid="navbar-help">
            {t('shell.navbar.help')}
          </Button>
        </Dropdown>
        <HasRole roles={[TOOLS_HANDBOOK_ROLE]}>
          <Button
            type="text"
            onClick={() => window.open(`${import.meta.env.BASE_URL}${QUICK_START_MANUAL_PATH}`, '_blank')}
          >
            {t('shell.navbar.toolsHandbook')}
          </Button>
        </HasRole>
        <LanguageSwitch />
        <UserPopover onOpenDialog={props.onOpenDialog} />
      </Flex>
    </Layout.Header>
  );
}
