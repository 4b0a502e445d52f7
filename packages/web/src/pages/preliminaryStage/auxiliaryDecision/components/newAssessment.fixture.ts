import { NEW_ASSESSMENT_DEFAULTS, type NewAssessmentValues } from './newAssessment';

/** Form values of the flow's unit tests (the expected bodies in the tests are written out by hand from these). */
export const VALUES: NewAssessmentValues = {
  ...(NEW_ASSESSMENT_DEFAULTS as NewAssessmentValues),
  projName: '  Wuhan plant ',
  customerName: ' ',
  address: ' 东湖高新区 ',
  areaPath: ['420000', '420100'],
  latitudeDeg: 30.59,
  longitudeDeg: 114.3,
  transformerKva: 1250,
  monthlyKwh: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, null],
  capacityKwp: 100,
  roofAreaM2: 999,
  tiltDeg: 20,
  storagePowerKw: 200,
  storageEnergyKwh: 430,
  businessModel: 'emc',
  equityPercent: 30,
};
