import type { TouRawSlots } from '@pvplan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveOrUpdateUserPowerDatas } from '../../../../../api/load';
import { BillsPanel, useProjectBills } from '../../../../../features/bills';
import { loadQueryKey, SyntheticLoadForm } from '../../../../../features/load';
import { monthlyEnergyOfBills } from '../billMonths';

export interface BillsLoadSourceProps {
  readonly projId: string;
  /** The area's TOU table: with it the bills' energy per period shapes the profile. */
  readonly touSlots: TouRawSlots | null;
}

/**
 * Load from electricity bills: upload and review the bills, take their monthly energy into the
 * project (saveOrUpdateUserPowerDatas, source 'bill'), then build the annual profile from it with
 * an industry shape and the working days (SyntheticLoadForm).
 */
export function BillsLoadSource({ projId, touSlots }: BillsLoadSourceProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const bills = useProjectBills(projId);
  const [importing, setImporting] = useState(false);

  const importBills = async () => {
    const refreshed = await bills.refetch();
    const months = monthlyEnergyOfBills(refreshed.data ?? [], touSlots !== null);
    if (months.length === 0) {
      void message.warning(t('assessmentFlow.bills.none'));
      return;
    }
    setImporting(true);
    try {
      await saveOrUpdateUserPowerDatas(projId, months, 'bill');
      await queryClient.invalidateQueries({ queryKey: loadQueryKey(projId) });
      void message.success(t('assessmentFlow.bills.imported', { count: months.length }));
    } catch {
      // The request layer has shown the message.
    } finally {
      setImporting(false);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <BillsPanel projId={projId} />
      <Card size="small" title={t('assessmentFlow.bills.toLoad')}>
        <Space direction="vertical">
          <Typography.Text type="secondary">{t('assessmentFlow.bills.toLoadHint')}</Typography.Text>
          <Button onClick={() => void importBills()} loading={importing} data-testid="flow-bills-import">
            {t('assessmentFlow.bills.import')}
          </Button>
        </Space>
      </Card>
      <SyntheticLoadForm projId={projId} touSlots={touSlots} />
    </Space>
  );
}
