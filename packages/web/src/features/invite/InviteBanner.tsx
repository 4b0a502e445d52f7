import { GiftOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/useCurrentUser';
import { rewardPerInvite, useCampaignView } from './hooks';
import { InviteDialog } from './InviteDialog';

/**
 * The home-page campaign banner (spec 000 §4): for external users while today is not after the
 * campaign end date plus one day; it opens the invite dialog, and closing the dialog re-evaluates
 * whether the banner still shows. It renders nothing otherwise (no props needed).
 */
export function InviteBanner() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const external = user?.outUser === true;
  const { view, activities, loaded, reevaluate } = useCampaignView(external);
  const [open, setOpen] = useState(false);
  const reward = rewardPerInvite(activities);
  const visible = external && loaded && view.bannerVisible;

  return (
    <>
      {visible ? (
        <Alert
          type="warning"
          showIcon
          icon={<GiftOutlined />}
          message={t('invite.banner.title')}
          description={
            view.ended
              ? t('invite.banner.ended', { deadline: view.deadline })
              : t('invite.banner.description', {
                  deadline: view.deadline,
                  days: view.daysLeft,
                  memberDays: reward.memberDays,
                  area: reward.areaWanM2,
                })
          }
          action={
            <Button type="primary" danger onClick={() => setOpen(true)} data-testid="invite-banner-open">
              {t('invite.banner.action')}
            </Button>
          }
          style={{ marginBottom: 16 }}
          data-testid="invite-banner"
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
