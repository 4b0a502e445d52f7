import type { TouRawSlots } from '@pvplan/contract';
import { Alert, Col, Form, InputNumber, Radio, Row, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LoadImportPanel,
  LoadStatisticsPanel,
  useLoadStatistics,
  useNetLoadOverview,
} from '../../../../../features/load';
import { useTariffClassOptions } from '../../../priceSearch/hooks';
import { priceAreaName } from '../../../priceSearch/priceSearchRules';
import { useAreaPrice } from '../../hooks';
import { LOAD_SOURCE_CHOICES, type LoadSourceChoice, type NewAssessmentValues } from '../newAssessment';
import { BillsLoadSource } from './BillsLoadSource';
import { ConstantLoadInput } from './ConstantLoadInput';
import { MonthlyLoadInputs } from './MonthlyLoadInputs';

export interface ElectricityStepProps {
  readonly projId: string;
  readonly areaCode: string | null;
  /** The mean load of an imported series (file or bills), kW; null while there is none. */
  readonly onSeriesMeanKw: (meanKw: number | null) => void;
}

/**
 * Tariff category, voltage and transformer, then where the load comes from: twelve monthly
 * consumptions typed in, a load file (15/30/60-min, with mapping, fill rule and cleaning report),
 * electricity bills (recognised, reviewed, turned into a profile), or a constant average load. The
 * project exists already, so uploads attach to it.
 */
export function ElectricityStep({ projId, areaCode, onSeriesMeanKw }: ElectricityStepProps) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance<NewAssessmentValues>();
  const userCategory = Form.useWatch('userCategory', form);
  const voltageLevel = Form.useWatch('voltageLevel', form);
  const loadSource = (Form.useWatch('loadSource', form) ?? 'monthly') as LoadSourceChoice;
  // A load file or the bills are stored as a series; typed months and a constant load are not.
  const fromSeries = loadSource === 'file' || loadSource === 'bills';
  const price = useAreaPrice(areaCode, userCategory, voltageLevel);
  const { categoryOptions, voltageOptions } = useTariffClassOptions();
  const touSlots: TouRawSlots | undefined = price.data?.tou?.rawSlots ?? undefined;
  // Statistics once a series is stored (parsed file or built profile); the overview shares its
  // cache with the import panel, which refreshes it after every change.
  const overview = useNetLoadOverview(projId);
  const hasSeries = Boolean(overview.data?.series);
  const stats = useLoadStatistics(projId, touSlots, fromSeries && hasSeries && !price.isLoading);
  const meanKw = !fromSeries || !hasSeries ? null : (stats.data?.summary.meanKw ?? null);
  useEffect(() => onSeriesMeanKw(meanKw), [meanKw, onSeriesMeanKw]);

  const row = price.data?.selectedRow ?? null;
  const required = { required: true, message: t('assessment.field.required') };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item name="userCategory" label={t('assessment.field.userCategory')} rules={[required]}>
            <Select options={categoryOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="voltageLevel" label={t('assessment.field.voltageLevel')} rules={[required]}>
            <Select options={voltageOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="transformerKva" label={t('assessmentFlow.electricity.transformerKva')}>
            <InputNumber min={0} max={1_000_000} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {price.data ? (
        <Alert
          type={row ? 'info' : 'warning'}
          showIcon
          data-testid="flow-area-price"
          message={
            row
              ? t('assessmentFlow.electricity.priceSummary', {
                  area: priceAreaName(price.data, i18n.language),
                  month: price.data.priceTable?.month ?? '-',
                  peak: row.peak ?? '-',
                  flat: row.flat,
                  valley: row.valley ?? '-',
                })
              : t('assessmentFlow.electricity.noPrice', { area: priceAreaName(price.data, i18n.language) })
          }
          description={price.data.tou ? undefined : t('assessmentFlow.electricity.noTou')}
        />
      ) : null}
      <Form.Item name="loadSource" label={t('assessmentFlow.load.source')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          data-testid="flow-load-source"
          options={LOAD_SOURCE_CHOICES.map((value) => ({
            value,
            label: (
              <span data-testid={`flow-load-source-${value}`}>
                {t(`assessmentFlow.load.source.${value}`)}
              </span>
            ),
          }))}
        />
      </Form.Item>
      {loadSource === 'monthly' ? <MonthlyLoadInputs /> : null}
      {loadSource === 'file' ? <LoadImportPanel projId={projId} /> : null}
      {loadSource === 'bills' ? <BillsLoadSource projId={projId} touSlots={touSlots ?? null} /> : null}
      {loadSource === 'constant' ? <ConstantLoadInput /> : null}
      {fromSeries && hasSeries && stats.data ? (
        <div data-testid="flow-load-statistics">
          <LoadStatisticsPanel projId={projId} touSlots={touSlots} />
        </div>
      ) : null}
    </Space>
  );
}
