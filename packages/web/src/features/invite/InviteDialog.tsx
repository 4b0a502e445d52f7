import { ClockCircleOutlined, GiftOutlined } from '@ant-design/icons';
import { Flex, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useIsMobile } from '../../app/layout/useLayoutMode';
import { rewardPerInvite, useCampaignView } from './hooks';
import { InviteLinkBar } from './InviteLinkBar';
import { InviteMobileList } from './InviteMobileList';
import { InvitePoolNotice } from './InvitePoolNotice';
import { InviteTables } from './InviteTables';
import { benefitTextValues } from './inviteRules';

/** Invite dialog width (spec 000 §9). */
export const INVITE_DIALOG_WIDTH_PX = 1200;

/** Where "view membership privileges" goes (spec 000 §2: the membership page is reached from the dialog). */
export const MEMBERSHIP_PATH = '/openVip/subscriptionVip';

export interface InviteDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

/**
 * The invite campaign dialog (spec 000 §2): title with deadline, days left and lost benefits; the
 * 2-day pool's state (spec 000 §9); the exclusive link to copy and the membership-privileges link; My rewards and My invitation records
 * as paged tables, or on mobile as a list with pull-to-refresh and load-more.
 */
export function InviteDialog(props: InviteDialogProps) {
  const { t, i18n } = useTranslation();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const { view, activities } = useCampaignView(props.open);
  const reward = rewardPerInvite(activities);

  const title = (
    <Flex vertical gap={4}>
      <Space size={8} wrap>
        <GiftOutlined />
        <span>{t('invite.dialog.title')}</span>
        <Tag icon={<ClockCircleOutlined />} color="processing">
          {t('invite.dialog.deadline', { deadline: view.deadline })}
        </Tag>
        <Tag color={view.daysLeft > 0 ? 'orange' : 'default'} data-testid="invite-days-left">
          {t('invite.dialog.daysLeft', { days: view.daysLeft })}
        </Tag>
      </Space>
      <Typography.Text type="danger" style={{ fontWeight: 'normal' }} data-testid="invite-lost-benefits">
        {t(
          'invite.dialog.lostBenefits',
          benefitTextValues(
            { memberDays: view.lostMemberDays, areaWanM2: view.lostAreaWanM2 },
            i18n.language,
          ),
        )}
      </Typography.Text>
    </Flex>
  );

  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={title}
      footer={null}
      width={mobile ? '100%' : INVITE_DIALOG_WIDTH_PX}
      style={mobile ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      destroyOnHidden
    >
      <div data-testid="dialog-invite">
        <Typography.Paragraph type="secondary">
          {t('invite.dialog.rewardRule', benefitTextValues(reward, i18n.language))}
        </Typography.Paragraph>
        <InvitePoolNotice enabled={props.open} />
        <InviteLinkBar
          enabled={props.open}
          onViewPrivileges={() => {
            props.onClose();
            navigate(MEMBERSHIP_PATH);
          }}
        />
        {mobile ? <InviteMobileList /> : <InviteTables />}
      </div>
    </Modal>
  );
}
