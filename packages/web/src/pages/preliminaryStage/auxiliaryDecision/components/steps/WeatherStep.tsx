import type { WeatherSourceChoice } from '@pvplan/contract';
import { Alert, Form, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { WeatherSourcePicker } from '../../../../../features/weather';
import type { NewAssessmentValues } from '../newAssessment';
import { preferenceOf, weatherChoiceOf } from '../weatherChoice';

/**
 * Where the PV simulation takes its weather: the built-in climatology (default, offline), NASA
 * POWER or PVGIS online (the calculation falls back to the climatology when they fail), or an
 * uploaded weather file with its quality report. The choice is kept when the picker resolves it.
 */
export function WeatherStep() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<NewAssessmentValues>();
  const latitudeDeg = form.getFieldValue('latitudeDeg') as number;
  const longitudeDeg = form.getFieldValue('longitudeDeg') as number;
  const projName = form.getFieldValue('projName') as string | undefined;
  // The form store keeps the choice (no field shows it: the picker reports it).
  const choice = (Form.useWatch('weather', { form, preserve: true }) ?? {
    source: 'climatology',
  }) as WeatherSourceChoice;
  const site = useMemo(
    () => ({ latitudeDeg, longitudeDeg, ...(projName ? { name: projName.slice(0, 128) } : {}) }),
    [latitudeDeg, longitudeDeg, projName],
  );
  const initial = useMemo(() => preferenceOf(choice), [choice]);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('assessmentFlow.weather.hint')} />
      <Space>
        <Typography.Text>{t('assessmentFlow.weather.current')}</Typography.Text>
        <Tag color="blue" data-testid="flow-weather-current">
          {t(`assessmentFlow.weather.source.${choice.source}`)}
          {choice.source === 'file' && choice.datasetId ? ` #${choice.datasetId}` : ''}
        </Tag>
      </Space>
      <WeatherSourcePicker
        site={site}
        defaultPreference={initial}
        onResolved={(_resolved, preference) => form.setFieldValue('weather', weatherChoiceOf(preference))}
      />
    </Space>
  );
}
