import { PAGE_SIZE_CHOICES, PAGE_SIZE_DEFAULT } from '@pvplan/contract';
import { Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type PageState, pagerOf } from '../../../components/dialogs/paging';

/** The administrators' tables start on page 1 at the shared pager's 20 rows (spec 000 §9). */
export const ADMIN_FIRST_PAGE: PageState = { pageNum: 1, pageSize: PAGE_SIZE_DEFAULT };

/**
 * The shared pager of the administrators' tables (spec 000 §9: 20 rows by default, 10/20/30/50),
 * with the total count; `compact` (phones) leaves out the size changer.
 */
export function adminPager(
  state: PageState,
  total: number | undefined,
  update: (next: PageState) => void,
  t: TFunction,
  compact = false,
) {
  return {
    ...pagerOf(state, total, update),
    pageSizeOptions: PAGE_SIZE_CHOICES.map(String),
    showSizeChanger: !compact,
    showTotal: (count: number) => t('dialogs.common.total', { total: count }),
  };
}

const YUAN = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A yuan amount as the admin tables show it, every row alike: ¥1,599.00 (grouped, always 2 decimals,
 * so a column of amounts aligns); '-' when not a number.
 */
export function moneyText(value: string | number | null | undefined): string {
  const yuan = typeof value === 'number' ? value : Number(value);
  return value === null || value === undefined || value === '' || !Number.isFinite(yuan)
    ? '-'
    : `¥${YUAN.format(yuan)}`;
}

/** A person as one cell: the name, and the phone below it in grey. */
export function personCell(name: string, phone: string | null | undefined) {
  return (
    <Flex vertical style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text>{name || '-'}</Typography.Text>
      {phone ? <Typography.Text type="secondary">{phone}</Typography.Text> : null}
    </Flex>
  );
}
