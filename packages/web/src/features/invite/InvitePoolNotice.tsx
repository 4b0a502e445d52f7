import { GiftOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../utils/dateTime';
import { useInviteCode } from './hooks';
import { poolState } from './inviteRules';

/**
 * The 2-day membership pool of the running campaign (spec 000 §9): open until 48 hours after the
 * user joined (asked for the link), claimed by the first friend who registers in that time.
 */
export function InvitePoolNotice(props: { readonly enabled: boolean }) {
  const { t } = useTranslation();
  const code = useInviteCode(props.enabled);
  const pool = code.data?.pool;
  if (!pool) return null;
  const state = poolState(pool, Date.now());
  const params = {
    days: pool.memberDays,
    hours: pool.windowHours,
    deadline: dateTimeText(pool.deadline),
  };
  return (
    <Alert
      showIcon
      icon={<GiftOutlined />}
      type={state === 'claimed' ? 'success' : state === 'open' ? 'warning' : 'info'}
      message={t(`invite.pool.${state}`, params)}
      style={{ marginBottom: 12 }}
      data-testid="invite-pool"
      data-state={state}
    />
  );
}
