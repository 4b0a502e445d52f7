import { Alert, Col, Form, InputNumber, Radio, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STORAGE_STRATEGY_CHOICES } from '../newAssessment';
import type { StorageRecommendation } from '../storageSizing';

export interface StorageSectionProps {
  /** The size recommended from the site's mean load; null while the load is unknown. */
  readonly recommendation: StorageRecommendation | null;
}

/** Storage: dispatch strategy, and the size — recommended from the load, or a custom power and energy. */
export function StorageSection({ recommendation }: StorageSectionProps) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance();
  const sizing = Form.useWatch('storageSizing', form);
  const power = Form.useWatch('storagePowerKw', form) as number | undefined;
  const energy = Form.useWatch('storageEnergyKwh', form) as number | undefined;
  const required = { required: true, message: t('assessment.field.required') };
  const label = recommendation
    ? i18n.language === 'en'
      ? recommendation.labelEn
      : recommendation.labelZh
    : '';
  return (
    <>
      <Form.Item
        name="storageStrategy"
        label={t('assessmentFlow.storage.strategy')}
        extra={t('assessmentFlow.storage.strategyHint')}
      >
        <Radio.Group
          options={STORAGE_STRATEGY_CHOICES.map((value) => ({
            value,
            label: t(`assessmentFlow.storage.strategy.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="storageSizing" label={t('assessmentFlow.storage.sizing')}>
        <Radio.Group
          options={[
            { value: 'recommend', label: t('assessmentFlow.storage.sizing.recommend') },
            {
              value: 'custom',
              label: (
                <span data-testid="flow-storage-sizing-custom">
                  {t('assessmentFlow.storage.sizing.custom')}
                </span>
              ),
            },
          ]}
        />
      </Form.Item>
      {sizing === 'custom' ? (
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="storagePowerKw" label={t('assessmentFlow.storage.powerKw')} rules={[required]}>
              <InputNumber
                min={1}
                max={1_000_000}
                style={{ width: '100%' }}
                data-testid="flow-storage-power"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="storageEnergyKwh"
              label={t('assessmentFlow.storage.energyKwh')}
              rules={[required]}
              extra={
                power && energy
                  ? t('assessmentFlow.storage.duration', { hours: Math.round((energy / power) * 100) / 100 })
                  : undefined
              }
            >
              <InputNumber
                min={1}
                max={10_000_000}
                style={{ width: '100%' }}
                data-testid="flow-storage-energy"
              />
            </Form.Item>
          </Col>
        </Row>
      ) : recommendation ? (
        <Alert
          type={recommendation.exceedsLoad ? 'warning' : 'success'}
          showIcon
          data-testid="flow-storage-recommendation"
          message={t('assessmentFlow.storage.recommendation', {
            product: label,
            units: recommendation.units,
            powerKw: recommendation.powerKw,
            energyKwh: recommendation.energyKwh,
          })}
          description={
            <Typography.Text type="secondary">
              {t(
                recommendation.exceedsLoad
                  ? 'assessmentFlow.storage.recommendationSmall'
                  : 'assessmentFlow.storage.recommendationBasis',
                { meanKw: Math.round(recommendation.basisLoadKw) },
              )}
            </Typography.Text>
          }
        />
      ) : (
        <Alert type="warning" showIcon message={t('assessmentFlow.storage.noLoad')} />
      )}
    </>
  );
}
