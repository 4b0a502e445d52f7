import type { PowerCostPoint } from '@pvplan/contract';
import { Alert, Card, Descriptions, Segmented, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/EChart';
import { numberText } from './assessmentFormat';
import { usePowerCostMap } from './hooks';
import { type YieldMapMetric, yieldMapOption } from './yieldMap';

/**
 * The tilt × azimuth map of the project's PV (pv/pv-config/createPowerCostMap): annual yield or
 * LCOE per orientation, the best cell and the configured orientation pinned.
 */
export function YieldMapCard({ projId }: { readonly projId: string }) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<YieldMapMetric>('yield');
  const map = usePowerCostMap(projId, true);
  const option = useMemo(
    () =>
      map.data
        ? yieldMapOption(map.data, metric, {
            tilt: t('assessment.yieldMap.tilt'),
            azimuth: t('assessment.yieldMap.azimuth'),
            yield: t('assessment.yieldMap.yield'),
            lcoe: t('assessment.yieldMap.lcoe'),
            best: t('assessment.yieldMap.best'),
            current: t('assessment.yieldMap.current'),
          })
        : null,
    [map.data, metric, t],
  );
  const point = (p: PowerCostPoint) =>
    t('assessment.yieldMap.point', {
      tilt: numberText(p.tiltDeg, 1),
      azimuth: numberText(p.azimuthDeg, 1),
      yield: numberText(p.yieldKwhPerKwp, 0),
      lcoe: numberText(p.lcoeYuanPerKwh, 4) ?? '-',
    });
  return (
    <Card title={t('assessment.yieldMap.title')} data-testid="assessment-yield-map">
      {/* In the body, not the title bar: on a phone the title and the switch do not fit one line. */}
      <Segmented<YieldMapMetric>
        size="small"
        value={metric}
        onChange={setMetric}
        options={[
          { value: 'yield', label: t('assessment.yieldMap.yield') },
          { value: 'lcoe', label: t('assessment.yieldMap.lcoe') },
        ]}
      />
      {map.isLoading ? <Spin style={{ display: 'block', margin: 48 }} /> : null}
      {map.error ? <Alert type="info" showIcon message={map.error.message} /> : null}
      {map.data && option ? (
        <>
          <EChart option={option} style={{ height: 420 }} />
          <Descriptions size="small" column={{ xs: 1, lg: 3 }} data-testid="assessment-yield-map-best">
            <Descriptions.Item label={t('assessment.yieldMap.best')}>
              {point(map.data.best)}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.yieldMap.refined')}>
              {point(map.data.refined)}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessment.yieldMap.current')}>
              {point(map.data.current)}
            </Descriptions.Item>
          </Descriptions>
        </>
      ) : null}
    </Card>
  );
}
