import { describe, expect, it } from 'vitest';
import { resultPathOf } from './resultPath';

describe('result page of each variant', () => {
  it('opens the PV, PV+storage and storage result pages with the project and plan', () => {
    expect(resultPathOf('pv', '12', 3)).toBe(
      '/preliminaryStage/distributedPhotovoltaicResult?projId=12&planId=3',
    );
    expect(resultPathOf('pves', '12', 3)).toBe(
      '/preliminaryStage/distributedOpticalStorageResult?projId=12&planId=3',
    );
    expect(resultPathOf('es', '12', 3)).toBe('/preliminaryStage/storedEnergyResult?projId=12&planId=3');
    expect(resultPathOf('fast', '12', null)).toBe('/preliminaryStage/storedEnergyResult?projId=12');
  });
});
