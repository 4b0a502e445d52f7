import {
  LOAD_INDUSTRY_PROFILES,
  type LoadIndustryProfile,
  type LoadMonthlyEnergy,
  type TouRawSlots,
} from '@pvplan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Collapse, Form, Select, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateElectricityBillState } from '../../../../../api/bills';
import { insertOrUpdateLoadInfoNew, saveOrUpdateUserPowerDatas } from '../../../../../api/load';
import {
  BillsPanel,
  billsQueryKey,
  isRecognising,
  useBillFiles,
  useProjectBills,
} from '../../../../../features/bills';
import { loadQueryKey, SyntheticLoadForm, useLoadConfig } from '../../../../../features/load';
import { monthlyEnergyOfBills, tariffClassOfBills } from '../billMonths';
import type { NewAssessmentValues } from '../newAssessment';

export interface BillsLoadSourceProps {
  readonly projId: string;
  /** The area's TOU table: with it the bills' energy per period shapes the profile. */
  readonly touSlots: TouRawSlots | null;
}

const PERIODS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;

const kwhText = (value: number | null | undefined) =>
  typeof value === 'number' ? Math.round(value).toLocaleString('en-US') : '-';

/**
 * Load from electricity bills: upload the bills (recognition starts at once) and review them; the
 * months they give are listed as recognised. Confirming marks the bills reviewed, stores their
 * monthly energy in the project (saveOrUpdateUserPowerDatas, source 'bill'), builds the annual
 * profile from it with the chosen industry shape on the calendar of the latest bill's year
 * (insertOrUpdateLoadInfoNew, synthetic: the months without a bill are estimated) and fills the
 * tariff class the bills print. The monthly table can
 * still be edited by hand below.
 */
export function BillsLoadSource({ projId, touSlots }: BillsLoadSourceProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const form = Form.useFormInstance<NewAssessmentValues>();
  const files = useBillFiles(projId);
  const bills = useProjectBills(projId);
  const loadConfig = useLoadConfig(projId);
  const [industry, setIndustry] = useState<LoadIndustryProfile | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // The files are polled while a recognition runs: read the bills again whenever they change.
  const signature = (files.data ?? [])
    .map(
      (file) => `${file.id}:${file.state}:${file.bills.map((b) => `${b.id}${b.state}${b.correctedCount}`)}`,
    )
    .join('|');
  const refetchBills = bills.refetch;
  useEffect(() => {
    if (signature) void refetchBills();
  }, [signature, refetchBills]);

  const recognising = (files.data ?? []).some((file) => isRecognising(file.state));
  const months = useMemo(
    () => monthlyEnergyOfBills(bills.data ?? [], touSlots !== null),
    [bills.data, touSlots],
  );
  const chosenIndustry = industry ?? loadConfig.data?.info.industry ?? 'two_shift';

  const confirm = async () => {
    setFailure(null);
    const refreshed = (await bills.refetch()).data ?? [];
    const given = monthlyEnergyOfBills(refreshed, touSlots !== null);
    if (given.length === 0) {
      void message.warning(t('assessmentFlow.bills.none'));
      return;
    }
    setConfirming(true);
    try {
      for (const bill of refreshed) {
        if (bill.state === 'toReview') await updateElectricityBillState(bill.id, 'confirmed');
      }
      await saveOrUpdateUserPowerDatas(projId, given, 'bill');
      // The profile's calendar (weekdays, holidays) is the year of the latest bill.
      const year = Math.max(...given.map((month) => month.year ?? 0));
      const built = await insertOrUpdateLoadInfoNew(projId, {
        loadSource: 'synthetic',
        industry: chosenIndustry,
        ...(year >= 2000 && year <= 2100 ? { year } : {}),
        ...(touSlots ? { touSlots } : {}),
      });
      form.setFieldsValue(tariffClassOfBills(refreshed));
      void message.success(
        t('assessmentFlow.bills.confirmed', {
          count: given.length,
          estimated: built.series?.synthetic?.monthsEstimated.length ?? 12 - given.length,
        }),
      );
    } catch (error) {
      // The profile call is silent (its message is shown here); the others have toasted already.
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setConfirming(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: loadQueryKey(projId) }),
        queryClient.invalidateQueries({ queryKey: billsQueryKey(projId) }),
      ]);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <BillsPanel projId={projId} />
      <Card size="small" title={t('assessmentFlow.bills.months')} data-testid="flow-bills-months">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('assessmentFlow.bills.monthsHint')}</Typography.Text>
          <Table<LoadMonthlyEnergy>
            size="small"
            rowKey="month"
            pagination={false}
            dataSource={months}
            loading={bills.isFetching || recognising}
            locale={{ emptyText: t('assessmentFlow.bills.noMonths') }}
            scroll={{ x: true }}
            columns={[
              {
                title: t('assessmentFlow.bills.month'),
                key: 'month',
                render: (_: unknown, row) =>
                  row.year ? `${row.year}-${String(row.month).padStart(2, '0')}` : String(row.month),
              },
              {
                title: t('assessmentFlow.bills.totalKwh'),
                key: 'totalKwh',
                align: 'right' as const,
                render: (_: unknown, row) => (
                  <span data-testid={`flow-bills-month-${row.month}`}>{kwhText(row.totalKwh)}</span>
                ),
              },
              ...PERIODS.map((period, code) => ({
                title: t(`tou.period.${code}` as 'tou.period.0'),
                key: period,
                align: 'right' as const,
                render: (_: unknown, row: LoadMonthlyEnergy) => kwhText(row[period]),
              })),
              {
                title: t('assessmentFlow.bills.maxDemandKw'),
                key: 'maxDemandKw',
                align: 'right' as const,
                render: (_: unknown, row) => kwhText(row.maxDemandKw),
              },
            ]}
          />
          <Space wrap>
            <Typography.Text>{t('load.synthetic.industry')}</Typography.Text>
            <Select<LoadIndustryProfile>
              style={{ width: 200 }}
              value={chosenIndustry}
              onChange={setIndustry}
              data-testid="flow-bills-industry"
              options={LOAD_INDUSTRY_PROFILES.map((value) => ({
                value,
                label: t(`load.synthetic.industry.${value}` as 'load.synthetic.industry.office'),
              }))}
            />
            <Button
              type="primary"
              onClick={() => void confirm()}
              loading={confirming}
              disabled={months.length === 0 || recognising}
              data-testid="flow-bills-confirm"
            >
              {t('assessmentFlow.bills.confirm')}
            </Button>
          </Space>
          {failure ? <Alert type="error" showIcon message={failure} /> : null}
        </Space>
      </Card>
      <Collapse
        size="small"
        items={[
          {
            key: 'byHand',
            label: t('assessmentFlow.bills.byHand'),
            children: <SyntheticLoadForm projId={projId} touSlots={touSlots} />,
          },
        ]}
      />
    </Space>
  );
}
