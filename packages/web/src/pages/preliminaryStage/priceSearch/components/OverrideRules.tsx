import type { HolidayCalendarSummary, PriceRowView, TouConfigView } from '@pvplan/contract';
import { Alert, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  capitalised,
  describeDays,
  hourClock,
  TOU_PERIOD_COLORS,
  type TouOverride,
  type Translate,
} from '../../../../features/tou';
import type { MessageKey } from '../../../../locales/resources';
import { unpricedOverridePeriods } from '../priceSearchRules';

export interface OverrideRulesProps {
  readonly tou: TouConfigView;
  /** The selected price row, to warn when a rule's period has no price. */
  readonly row: PriceRowView | null;
  readonly calendars: readonly HolidayCalendarSummary[];
}

/** The calendar rules of the TOU table in force (holidays, rest days, hot days…) and how they apply. */
export function OverrideRules({ tou, row, calendars }: OverrideRulesProps) {
  const { t } = useTranslation();
  const tr = t as Translate;
  const missing = row ? unpricedOverridePeriods(tou.overrides, row) : [];
  return (
    <Flex vertical gap={8}>
      {tou.overrides.length === 0 ? (
        <Typography.Text type="secondary">{t('pages.priceSearch.overridesNone')}</Typography.Text>
      ) : (
        <Table<TouOverride>
          size="small"
          pagination={false}
          rowKey={(rule) => `${tou.overrides.indexOf(rule)}`}
          scroll={{ x: 'max-content' }}
          dataSource={tou.overrides}
          columns={[
            { title: t('pages.priceSearch.overrideCol.label'), dataIndex: 'label' },
            {
              title: t('pages.priceSearch.overrideCol.days'),
              key: 'days',
              render: (_, rule) => capitalised(describeDays(rule, tr)),
            },
            {
              title: t('pages.priceSearch.overrideCol.ranges'),
              key: 'ranges',
              render: (_, rule) => (
                <Flex wrap gap={4}>
                  {rule.ranges.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no id; their order is fixed
                    <Tag key={i} color={TOU_PERIOD_COLORS[r.period]}>
                      {hourClock(r.fromHour)}-{hourClock(r.toHour)}{' '}
                      {t(`tou.period.${r.period}` as MessageKey)}
                    </Tag>
                  ))}
                </Flex>
              ),
            },
          ]}
        />
      )}
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t('pages.priceSearch.overridePriceMissing', {
            periods: missing
              .map((code) => t(`tou.period.${code}` as MessageKey))
              .join(t('tou.override.separator')),
          })}
        />
      )}
      {tou.overrides.length > 0 && (
        <Typography.Text type="secondary">
          {t('pages.priceSearch.overridesNote', {
            calendars: calendars
              .map((c) => t('pages.priceSearch.calendarEntry', { year: c.year, document: c.document }))
              .join(t('tou.override.separator')),
          })}
        </Typography.Text>
      )}
    </Flex>
  );
}
