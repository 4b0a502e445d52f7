import type { PriceRowView, PriceTableView } from '@pvplan/contract';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { TOU_PERIOD_COLORS, TOU_PERIOD_ORDER } from '../../../../features/tou';

export interface PriceTableProps {
  readonly table: PriceTableView;
  readonly selected: PriceRowView | null;
}

const PERIOD_FIELDS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;

const price = (value: number | null) =>
  value === null ? '—' : value.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');

const rowKey = (row: PriceRowView) => `${row.userCategory}|${row.voltageLevel}`;

/** A column title with its unit on a second, quieter line: the table fits a laptop without scrolling. */
function TitleWithUnit({ title, unit }: { title: string; unit: string }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {title}
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
        {unit}
      </Typography.Text>
    </span>
  );
}

/** The month's agency price table; the row of the chosen category and voltage is highlighted. */
export function PriceTable({ table, selected }: PriceTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<PriceRowView> = [
    {
      title: t('pages.priceSearch.col.category'),
      dataIndex: 'userCategory',
      render: (value: string) =>
        t(`pages.priceSearch.category.${value}` as 'pages.priceSearch.category.general_ci'),
    },
    {
      title: t('pages.priceSearch.col.voltage'),
      dataIndex: 'voltageLevel',
      render: (value: string) =>
        t(`pages.priceSearch.voltage.${value}` as 'pages.priceSearch.voltage.kv1_10'),
    },
    ...TOU_PERIOD_ORDER.filter((code) => table.rows.some((row) => row[PERIOD_FIELDS[code]] !== null)).map(
      (code) => ({
        // A colour swatch beside dark text: the flat period's yellow is unreadable as text on white.
        title: (
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            <span
              aria-hidden
              style={{
                display: 'inline-block',
                width: 8,
                height: 8,
                borderRadius: 2,
                marginInlineEnd: 6,
                verticalAlign: 'middle',
                background: TOU_PERIOD_COLORS[code],
              }}
            />
            {t(`tou.period.${code}` as 'tou.period.0')}
          </Typography.Text>
        ),
        key: PERIOD_FIELDS[code],
        align: 'right' as const,
        render: (_: unknown, row: PriceRowView) => price(row[PERIOD_FIELDS[code]]),
      }),
    ),
    {
      title: (
        <TitleWithUnit
          title={t('pages.priceSearch.col.demand')}
          unit={t('pages.priceSearch.col.demandUnit')}
        />
      ),
      dataIndex: 'demandYuanPerKwMonth',
      align: 'right',
      render: price,
    },
    {
      title: (
        <TitleWithUnit
          title={t('pages.priceSearch.col.capacity')}
          unit={t('pages.priceSearch.col.capacityUnit')}
        />
      ),
      dataIndex: 'capacityYuanPerKvaMonth',
      align: 'right',
      render: price,
    },
    {
      title: (
        <TitleWithUnit
          title={t('pages.priceSearch.col.maxSpread')}
          unit={t('pages.priceSearch.col.maxSpreadUnit')}
        />
      ),
      dataIndex: 'maxSpreadYuanPerKwh',
      align: 'right',
      render: price,
    },
  ];
  return (
    <Table<PriceRowView>
      size="small"
      rowKey={rowKey}
      columns={columns}
      dataSource={table.rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowClassName={(row) => (selected && rowKey(row) === rowKey(selected) ? 'ant-table-row-selected' : '')}
    />
  );
}
