import { CrownFilled, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Divider, Flex, Popover, Space, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UsageView } from '../../features/membership/UsageView';
import { useShell } from '../shell/ShellContext';
import type { ShellDialogName } from './shellDialogs';

/**
 * The user popover (spec 000 §2). External users: name, VIP or not, expiry, usage, usage
 * statistics, purchase records, invoice application, logout. Internal users: change password, logout.
 */
export function UserMenuContent(props: { readonly onChoose: (name: ShellDialogName) => void }) {
  const { t } = useTranslation();
  const { user } = useShell();
  const choose = props.onChoose;
  const expiry = user.tierExpiresAt ? dayjs(user.tierExpiresAt).format('YYYY-MM-DD') : null;

  return user.outUser ? (
    <Flex vertical gap={8} style={{ width: 260 }} data-testid="user-popover">
      <Space>
        <Typography.Text strong>{user.userName}</Typography.Text>
        <Tag icon={<CrownFilled />} color={user.tier > 0 ? 'gold' : 'default'}>
          {user.tier > 0 ? t(user.tier === 2 ? 'shell.tier.2' : 'shell.tier.1') : t('shell.vip.none')}
        </Tag>
      </Space>
      <Typography.Text type="secondary">
        {user.tier > 0 && expiry ? t('shell.user.expiresAt', { date: expiry }) : t('shell.user.freeTier')}
      </Typography.Text>
      <Divider style={{ margin: '4px 0' }} />
      <UsageView compact />
      <Divider style={{ margin: '4px 0' }} />
      <Button block onClick={() => choose('usageStatistics')} data-testid="menu-usage-statistics">
        {t('shell.user.usageStatistics')}
      </Button>
      <Button block onClick={() => choose('purchaseRecords')} data-testid="menu-purchase-records">
        {t('shell.user.purchaseRecords')}
      </Button>
      <Button block onClick={() => choose('invoice')} data-testid="menu-invoice">
        {t('shell.user.invoice')}
      </Button>
      <Button block danger onClick={() => choose('logout')} data-testid="menu-logout">
        {t('shell.user.logout')}
      </Button>
    </Flex>
  ) : (
    <Flex vertical gap={8} style={{ width: 200 }} data-testid="user-popover">
      <Typography.Text strong>{user.userName}</Typography.Text>
      <Divider style={{ margin: '4px 0' }} />
      <Button block onClick={() => choose('changePassword')} data-testid="menu-change-password">
        {t('shell.user.changePassword')}
      </Button>
      <Button block danger onClick={() => choose('logout')} data-testid="menu-logout">
        {t('shell.user.logout')}
      </Button>
    </Flex>
  );
}

/** The navbar's user button and its popover. */
export function UserPopover(props: { readonly onOpenDialog: (name: ShellDialogName) => void }) {
  const { token } = theme.useToken();
  const { user } = useShell();
  const [open, setOpen] = useState(false);
  const content = (
    <UserMenuContent
      onChoose={(name) => {
        setOpen(false);
        props.onOpenDialog(name);
      }}
    />
  );
  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      <Button type="text" data-testid="user-menu-trigger" style={{ paddingInline: 4 }}>
        <Avatar size="small" icon={<UserOutlined />} style={{ background: token.colorPrimary }} />
        <Typography.Text data-testid="current-user-name" style={{ maxWidth: 120 }} ellipsis>
          {user.userName}
        </Typography.Text>
      </Button>
    </Popover>
  );
}
