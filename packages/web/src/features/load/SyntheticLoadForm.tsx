import {
  LOAD_INDUSTRY_PROFILES,
  type LoadIndustryProfile,
  type LoadMonthlyEnergy,
  type LoadSeriesView,
  type TouRawSlots,
} from '@pvplan/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  InputNumber,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/request';
import { monthShortName, type Translate } from '../tou/touOverrides';
import { useBuildSyntheticLoad, useLoadConfig } from './hooks';

const PERIODS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
type Row = { month: number } & Partial<Record<(typeof PERIODS)[number] | 'totalKwh', number | null>>;

/** Months with at least one value, as the API takes them. */
export function monthsOf(rows: readonly Row[]): LoadMonthlyEnergy[] {
  return rows
    .filter((r) => [...PERIODS, 'totalKwh' as const].some((k) => typeof r[k] === 'number'))
    .map((r) => ({
      month: r.month,
      ...Object.fromEntries(
        [...PERIODS, 'totalKwh' as const].filter((k) => typeof r[k] === 'number').map((k) => [k, r[k]]),
      ),
    }));
}

export interface SyntheticLoadFormProps {
  readonly projId: string;
  /** The project's TOU table (needed when energy is entered by period). */
  readonly touSlots?: TouRawSlots | null;
  readonly onSeries?: (series: LoadSeriesView) => void;
}

/**
 * No meter data: monthly energy by TOU period (from bills) + an industry profile + working days →
 * an annual 15-minute profile (early/insertOrUpdateLoadInfoNew with loadSource synthetic).
 */
export function SyntheticLoadForm({ projId, touSlots, onSeries }: SyntheticLoadFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const config = useLoadConfig(projId);
  const build = useBuildSyntheticLoad(projId);
  const [error, setError] = useState<string | null>(null);
  const stored = new Map((config.data?.datas ?? []).map((d) => [d.month, d]));
  const [rows, setRows] = useState<Row[] | null>(null);
  const table: Row[] =
    rows ??
    Array.from({ length: 12 }, (_, k) => {
      const d = stored.get(k + 1);
      return {
        month: k + 1,
        sharp: d?.sharp,
        peak: d?.peak,
        flat: d?.flat,
        valley: d?.valley,
        deepValley: d?.deepValley,
        totalKwh: d?.totalKwh,
      };
    });
  const info = config.data?.info;
  const [industry, setIndustry] = useState<LoadIndustryProfile | null>(null);
  const [weekdays, setWeekdays] = useState<number[] | null>(null);
  const [year, setYear] = useState<number | null>(null);

  const edit = (month: number, key: (typeof PERIODS)[number] | 'totalKwh', value: number | null) =>
    setRows(table.map((r) => (r.month === month ? { ...r, [key]: value } : r)));

  const submit = async () => {
    setError(null);
    try {
      const result = await build.mutateAsync({
        info: {
          loadSource: 'synthetic',
          industry: industry ?? info?.industry ?? 'two_shift',
          workingWeekdays: weekdays ?? info?.workingWeekdays ?? [1, 2, 3, 4, 5],
          year: year ?? info?.year ?? 2025,
          ...(touSlots ? { touSlots } : {}),
        },
        datas: monthsOf(table),
      });
      const s = result.series;
      if (s) {
        message.success(
          t('load.synthetic.done', {
            year: s.start.slice(0, 4),
            estimated: s.synthetic?.monthsEstimated.length ?? 0,
          }),
        );
        onSeries?.(s);
      }
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
    }
  };

  const number = (r: Row, key: (typeof PERIODS)[number] | 'totalKwh') => (
    <InputNumber
      size="small"
      min={0}
      style={{ width: 110 }}
      value={r[key] ?? null}
      onChange={(v) => edit(r.month, key, typeof v === 'number' ? v : null)}
    />
  );
  const weekdayOptions = [1, 2, 3, 4, 5, 6, 0].map((d) => ({
    value: d,
    label: t(`load.weekday.${d}` as 'load.weekday.0'),
  }));
  const synthetic = config.data?.series?.synthetic;
  return (
    <Card title={t('load.synthetic.title')} size="small">
      <Typography.Paragraph type="secondary">{t('load.synthetic.hint')}</Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label={t('load.synthetic.industry')}>
          <Select
            style={{ width: 180 }}
            value={industry ?? info?.industry ?? 'two_shift'}
            onChange={setIndustry}
            options={LOAD_INDUSTRY_PROFILES.map((p) => ({
              value: p,
              label: t(`load.synthetic.industry.${p}` as 'load.synthetic.industry.office'),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('load.synthetic.year')}>
          <InputNumber
            min={2000}
            max={2100}
            value={year ?? info?.year ?? 2025}
            onChange={(v) => setYear(v ?? null)}
          />
        </Form.Item>
        <Form.Item label={t('load.synthetic.workingWeekdays')}>
          <Checkbox.Group
            options={weekdayOptions}
            value={weekdays ?? info?.workingWeekdays ?? [1, 2, 3, 4, 5]}
            onChange={(v) => setWeekdays(v as number[])}
          />
        </Form.Item>
      </Form>
      <Table<Row>
        size="small"
        rowKey="month"
        pagination={false}
        dataSource={table}
        scroll={{ x: true }}
        columns={[
          {
            title: t('load.synthetic.month'),
            dataIndex: 'month',
            width: 70,
            render: (m: number) => monthShortName(m, t as Translate),
          },
          ...PERIODS.map((p, code) => ({
            title: t(`tou.period.${code}` as 'tou.period.0'),
            key: p,
            render: (_: unknown, r: Row) => number(r, p),
          })),
          {
            title: t('load.synthetic.total'),
            key: 'totalKwh',
            render: (_: unknown, r: Row) => number(r, 'totalKwh'),
          },
        ]}
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} />}
      <Space style={{ marginTop: 12 }} direction="vertical">
        <Button type="primary" onClick={submit} loading={build.isPending}>
          {t('load.synthetic.build')}
        </Button>
        {synthetic && (
          <Typography.Text type="secondary">
            {t('load.synthetic.source', { source: synthetic.source })}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}
