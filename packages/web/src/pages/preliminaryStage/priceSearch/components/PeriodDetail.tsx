import type { MonthPeriods, TouPeriodSpan } from '@pvplan/contract';
import { Flex, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monthShortName, TOU_PERIOD_COLORS, type Translate } from '../../../../features/tou';

export interface PeriodDetailProps {
  readonly months: readonly MonthPeriods[];
  /** Month shown first (1–12). */
  readonly initialMonth: number;
}

/** One month's periods: hours, clock ranges and the chosen row's price. */
export function PeriodDetail({ months, initialMonth }: PeriodDetailProps) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(initialMonth);
  const current = months.find((m) => m.month === month) ?? months[0];
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center">
        <span>{t('pages.priceSearch.periodMonth')}</span>
        <Select
          size="small"
          style={{ width: 96 }}
          value={current?.month}
          onChange={setMonth}
          options={months.map((m) => ({ value: m.month, label: monthShortName(m.month, t as Translate) }))}
        />
      </Flex>
      <Table<TouPeriodSpan>
        size="small"
        rowKey="period"
        pagination={false}
        dataSource={current?.periods ?? []}
        columns={[
          {
            title: t('pages.priceSearch.col.period'),
            dataIndex: 'period',
            render: (code: number) => (
              <Tag color={TOU_PERIOD_COLORS[code]}>{t(`tou.period.${code}` as 'tou.period.0')}</Tag>
            ),
          },
          { title: t('pages.priceSearch.col.hours'), dataIndex: 'hours', align: 'right' },
          {
            title: t('pages.priceSearch.col.ranges'),
            dataIndex: 'ranges',
            // One range per piece, never broken inside ("16:00-18:00" stays on one line on a phone).
            render: (ranges: string[]) => (
              <Flex wrap gap="0 12px">
                {ranges.map((range) => (
                  <span key={range} style={{ whiteSpace: 'nowrap' }}>
                    {range}
                  </span>
                ))}
              </Flex>
            ),
          },
          {
            title: t('pages.priceSearch.col.price'),
            dataIndex: 'priceYuanPerKwh',
            align: 'right',
            render: (value: number | null) => (value === null ? '—' : value),
          },
        ]}
      />
    </Flex>
  );
}
