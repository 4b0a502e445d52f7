import { type PriceRowView, priceSearchLoadId } from '@pvplan/contract';
import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../../app/layout/useLayoutMode';
import { useCurrentUser } from '../../../../app/useCurrentUser';
import {
  LoadBillCard,
  LoadImportPanel,
  LoadStatisticsPanel,
  useNetLoadOverview,
} from '../../../../features/load';

export interface LoadAndBillProps {
  readonly areaCode: string;
  /** The row the page shows; the bill is priced with it. */
  readonly row: PriceRowView | null;
  /** The price month the user chose (latest table when absent). */
  readonly month: string | undefined;
}

/**
 * "Your load under these prices": the signed-in user's own load data set on the price search page (a
 * free-standing id per user, not a project). Upload a year of 15/30/60-minute load, confirm the
 * columns and the fill rule, and read its statistics and the bill the shown price row and TOU table
 * imply. Changing area, category, voltage or month prices the same load again.
 */
export function LoadAndBill({ areaCode, row, month }: LoadAndBillProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const mobile = useIsMobile();
  const loadId = user.data ? priceSearchLoadId(user.data.id) : null;
  return (
    <Card
      title={t('pages.priceSearch.loadTitle')}
      data-testid="price-search-load"
      // The cards inside have padding of their own: on a phone this one keeps little, so they get the width.
      styles={mobile ? { body: { padding: 12 } } : undefined}
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('pages.priceSearch.loadHint')}</Typography.Text>
        {loadId && <LoadSection loadId={loadId} areaCode={areaCode} row={row} month={month} />}
      </Flex>
    </Card>
  );
}

function LoadSection({ loadId, areaCode, row, month }: LoadAndBillProps & { loadId: string }) {
  const { t } = useTranslation();
  const overview = useNetLoadOverview(loadId);
  const hasSeries = Boolean(overview.data?.series);
  return (
    <Flex vertical gap={16}>
      <LoadImportPanel projId={loadId} />
      {hasSeries && (
        // The area's table with its calendar rules, as the bill prices it: the periods agree on holidays.
        <LoadStatisticsPanel projId={loadId} tariff={{ areaCode, month, userCategory: row?.userCategory }} />
      )}
      {row ? (
        <LoadBillCard
          projId={loadId}
          areaCode={areaCode}
          userCategory={row.userCategory}
          voltageLevel={row.voltageLevel}
          month={month}
        />
      ) : (
        <Alert type="info" showIcon message={t('pages.priceSearch.loadNoRow')} />
      )}
    </Flex>
  );
}
