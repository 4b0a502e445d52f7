import { CopyOutlined, CrownOutlined } from '@ant-design/icons';
import { inviteLinkOf } from '@pvplan/contract';
import { App, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../utils/clipboard';
import { useInviteCode } from './hooks';

/** The exclusive link with its copy button, and the membership-privileges link (spec 000 §2). */
export function InviteLinkBar(props: { readonly enabled: boolean; readonly onViewPrivileges: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const code = useInviteCode(props.enabled);
  const link = code.data ? inviteLinkOf(window.location.origin, code.data.inviteCode) : null;

  const copy = async () => {
    if (!link) return;
    if (await copyText(link)) void message.success(t('common.copied'));
    else void message.error(t('common.copyFailed'));
  };

  return (
    <Flex wrap align="center" gap={8} style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary">{t('invite.linkLabel')}</Typography.Text>
      <Typography.Text code ellipsis style={{ flex: 1, minWidth: 160 }} data-testid="invite-link">
        {link ?? t('invite.linkLoading')}
      </Typography.Text>
      <Button
        type="primary"
        icon={<CopyOutlined />}
        disabled={!link}
        loading={code.isPending && code.fetchStatus !== 'idle'}
        onClick={() => void copy()}
        data-testid="invite-copy-link"
      >
        {t('invite.copyLink')}
      </Button>
      <Button
        type="link"
        icon={<CrownOutlined />}
        onClick={props.onViewPrivileges}
        data-testid="invite-privileges"
      >
        {t('invite.viewPrivileges')}
      </Button>
    </Flex>
  );
}
