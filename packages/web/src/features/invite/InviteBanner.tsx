import { GiftOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Grid } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/useCurrentUser';
import { rewardPerInvite, useCampaignView } from './hooks';
import { InviteDialog } from './InviteDialog';
import { benefitTextValues } from './inviteRules';

/**
 * The home-page campaign banner (spec 000 §4): for external users while today is not after the
 * campaign end date plus one day; it opens the invite dialog, and closing the dialog re-evaluates
 * whether the banner still shows. It renders nothing otherwise (no props needed). On narrow screens
 * (below antd's `sm`, 576 px: phones) the button goes under the text instead of beside it, so the
 * two never squeeze each other.
 */
export function InviteBanner() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser().data;
  const external = user?.outUser === true;
  const { view, activities, loaded, reevaluate } = useCampaignView(external);
  const [open, setOpen] = useState(false);
  const reward = rewardPerInvite(activities);
  const visible = external && loaded && view.bannerVisible;
  // Before the first measurement every breakpoint is undefined: lay out for the wide screen.
  const narrow = Grid.useBreakpoint().sm === false;
  const text = view.ended
    ? t('invite.banner.ended', { deadline: view.deadline })
    : t('invite.banner.description', {
        deadline: view.deadline,
        days: view.daysLeft,
        ...benefitTextValues(reward, i18n.language),
      });
  const action = (
    <Button type="primary" danger onClick={() => setOpen(true)} data-testid="invite-banner-open">
      {t('invite.banner.action')}
    </Button>
  );

  return (
    <>
      {visible ? (
        <Alert
          type="warning"
          showIcon
          icon={<GiftOutlined />}
          message={t('invite.banner.title')}
          description={
            narrow ? (
              <Flex vertical gap={8} align="flex-start">
                <span>{text}</span>
                {action}
              </Flex>
            ) : (
              text
            )
          }
          action={narrow ? undefined : action}
          style={{ marginBottom: 16 }}
          data-testid="invite-banner"
          data-layout={narrow ? 'stacked' : 'inline'}
        />
      ) : null}
      {external ? (
        <InviteDialog
          open={open}
          onClose={() => {
            setOpen(false);
            reevaluate();
          }}
        />
      ) : null}
    </>
  );
}
