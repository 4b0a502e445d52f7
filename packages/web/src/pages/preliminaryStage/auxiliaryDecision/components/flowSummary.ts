import type { TFunction } from 'i18next';
import type { StorageValues } from './configParts';
import type { FlowVariant, NewAssessmentValues } from './newAssessment';
import type { StorageRecommendation } from './storageSizing';

export interface SummaryItem {
  readonly label: string;
  readonly value: string;
}

const rounded = (value: number) => Math.round(value).toLocaleString();

/** The storage item of the review: strategy · power / energy (the custom size, else the recommendation). */
export function storageSummaryOf(
  values: StorageValues,
  recommendation: StorageRecommendation | null,
  t: TFunction,
): SummaryItem {
  const size =
    values.storageSizing === 'custom'
      ? `${values.storagePowerKw ?? '-'} kW / ${values.storageEnergyKwh ?? '-'} kWh`
      : recommendation
        ? `${recommendation.powerKw} kW / ${recommendation.energyKwh} kWh`
        : '-';
  return {
    label: t('assessmentFlow.section.storage'),
    value: `${t(`assessmentFlow.storage.strategy.${values.storageStrategy}`)} · ${size}`,
  };
}

/** What goes into the calculation, for the last step's review (label → value, in the UI language). */
export function flowSummaryOf(
  values: NewAssessmentValues,
  variant: FlowVariant,
  load: { readonly meanLoadKw: number | null; readonly recommendation: StorageRecommendation | null },
  t: TFunction,
): SummaryItem[] {
  const items: SummaryItem[] = [
    { label: t('assessment.field.projName'), value: values.projName },
    { label: t('assessment.list.type'), value: t(`assessment.type.${variant}`) },
    {
      label: t('assessmentFlow.load.source'),
      value:
        load.meanLoadKw === null
          ? t(`assessmentFlow.load.source.${values.loadSource}`)
          : t('assessmentFlow.summary.load', {
              source: t(`assessmentFlow.load.source.${values.loadSource}`),
              meanKw: rounded(load.meanLoadKw),
            }),
    },
  ];
  if (variant !== 'es') {
    items.push({
      label: t('assessmentFlow.weather.current'),
      value: t(`assessmentFlow.weather.source.${values.weather?.source ?? 'climatology'}`),
    });
    items.push({
      label: t('assessmentFlow.section.pv'),
      value: t('assessmentFlow.summary.pv', {
        size:
          values.sizing === 'roof'
            ? t('assessmentFlow.summary.roof', { areaM2: rounded(values.roofAreaM2 ?? 0) })
            : `${values.capacityKwp ?? '-'} kWp`,
        tilt: values.tiltDeg,
        azimuth: values.azimuthDeg,
      }),
    });
  }
  if (variant !== 'pv') items.push(storageSummaryOf(values, load.recommendation, t));
  if (variant === 'pves') {
    items.push({
      label: t('assessmentFlow.pves.settlement'),
      value: t(`assessmentFlow.pves.settlement.${values.settlement}`),
    });
  }
  items.push({
    label: t('assessment.field.businessModel'),
    value: t(values.businessModel === 'emc' ? 'assessment.field.emc' : 'assessment.field.selfInvest'),
  });
  return items;
}
