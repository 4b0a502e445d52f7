import { PACK_TYPE_AREA, PACK_TYPE_CAPACITY, type PackType } from '@pvplan/contract';
import { Button, Card, Flex, Progress, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsageCapacity } from './hooks';
import { areaText } from './packRules';
import { TopUpDialog } from './TopUpDialog';

/**
 * The usage view (spec 000 §2 user popover "usage view"; 000 §3 usage capacity): tier and expiry,
 * remaining and total design capacity (MW) and survey area (万m²) with their used percentages,
 * and the top-up buttons that open the buy dialog.
 */
export function UsageView(props: { readonly compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const usage = useUsageCapacity();
  const [buying, setBuying] = useState<PackType | null>(null);

  if (usage.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (usage.isError || !usage.data) {
    return <Typography.Text type="secondary">{t('membership.usage.loadFailed')}</Typography.Text>;
  }
  const data = usage.data;
  const expiry = data.packageFailureTime ? dayjs(data.packageFailureTime).format('YYYY-MM-DD') : null;
  const row = (type: PackType) => {
    const capacity = type === PACK_TYPE_CAPACITY;
    const unit = capacity ? 'MW' : t('membership.usage.unit.area');
    const amount = (value: number) => (capacity ? value : areaText(value, i18n.language));
    return (
      <Flex vertical gap={4} key={type} data-testid={capacity ? 'usage-capacity' : 'usage-area'}>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong>
            {t(capacity ? 'membership.usage.capacity' : 'membership.usage.area')}
          </Typography.Text>
          <Typography.Text
            style={{ whiteSpace: 'nowrap' }}
            data-testid={capacity ? 'usage-capacity-remaining' : 'usage-area-remaining'}
          >
            {t('membership.usage.remaining', {
              remaining: amount(capacity ? data.remainingCapacity : data.remainingArea),
              total: amount(capacity ? data.totalCapacity : data.totalArea),
              unit,
            })}
          </Typography.Text>
        </Flex>
        <Progress
          percent={capacity ? data.capacityPercent : data.flyAreaPercent}
          size="small"
          status={(capacity ? data.capacityPercent : data.flyAreaPercent) >= 90 ? 'exception' : 'normal'}
        />
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">
            {t('membership.usage.used', { used: amount(capacity ? data.usedCapacity : data.usedArea), unit })}
          </Typography.Text>
          <Button
            size="small"
            type="link"
            style={{ paddingInline: 0 }}
            onClick={() => setBuying(type)}
            data-testid={capacity ? 'usage-buy-capacity' : 'usage-buy-area'}
          >
            {t(capacity ? 'membership.usage.buyCapacity' : 'membership.usage.buyArea')}
          </Button>
        </Flex>
      </Flex>
    );
  };

  const body = (
    <Flex vertical gap={12} data-testid="usage-view">
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('membership.usage.tier')}</Typography.Text>
        <Tag color={data.isVIP ? 'gold' : 'default'} data-testid="usage-tier">
          {t(
            data.tier === 2
              ? 'membership.tier.2'
              : data.tier === 1
                ? 'membership.tier.1'
                : 'membership.tier.0',
          )}
        </Tag>
        {data.isSevenDays ? <Tag color="blue">{t('membership.usage.trial')}</Tag> : null}
        {data.isVIP && expiry ? (
          <Typography.Text type="secondary">
            {t('membership.usage.expiresAt', { date: expiry })}
          </Typography.Text>
        ) : null}
      </Flex>
      {row(PACK_TYPE_CAPACITY)}
      {row(PACK_TYPE_AREA)}
      <TopUpDialog
        open={buying !== null}
        vipType={buying ?? PACK_TYPE_CAPACITY}
        onClose={() => setBuying(null)}
      />
    </Flex>
  );
  return props.compact ? body : <Card title={t('membership.usage.title')}>{body}</Card>;
}
