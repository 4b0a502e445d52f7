import type { MessageKey } from '../../locales/resources';

/**
 * Content of the new-user guide (spec 000 §2): first the three main functions, then the step
 * flow of each scenario (PV, storage, PV + storage, drone survey, optimal design). Texts are
 * message keys; `route` is where the user starts the scenario (spec 000 §2 declared routes).
 */

export interface GuideFunction {
  readonly id: 'assessment' | 'survey' | 'design';
  readonly title: MessageKey;
  readonly description: MessageKey;
  readonly route: string;
}

export interface GuideStep {
  readonly title: MessageKey;
  readonly description: MessageKey;
}

export type GuideScenarioId = 'pv' | 'storage' | 'pvStorage' | 'survey' | 'design';

export interface GuideScenario {
  readonly id: GuideScenarioId;
  readonly title: MessageKey;
  readonly route: string;
  readonly steps: readonly GuideStep[];
}

const ASSESSMENT_ROUTE = '/tools/auxiliaryDecision';
const SURVEY_ROUTE = '/measure/task';
const DESIGN_ROUTE = '/optimaldesign/list';

export const GUIDE_FUNCTIONS: readonly GuideFunction[] = [
  {
    id: 'assessment',
    title: 'dialogs.guide.function.assessment',
    description: 'dialogs.guide.function.assessment.desc',
    route: ASSESSMENT_ROUTE,
  },
  {
    id: 'survey',
    title: 'dialogs.guide.function.survey',
    description: 'dialogs.guide.function.survey.desc',
    route: SURVEY_ROUTE,
  },
  {
    id: 'design',
    title: 'dialogs.guide.function.design',
    description: 'dialogs.guide.function.design.desc',
    route: DESIGN_ROUTE,
  },
];

function step(scenario: GuideScenarioId, n: number): GuideStep {
  return {
    title: `dialogs.guide.${scenario}.step${n}` as MessageKey,
    description: `dialogs.guide.${scenario}.step${n}.desc` as MessageKey,
  };
}

function steps(scenario: GuideScenarioId, count: number): GuideStep[] {
  return Array.from({ length: count }, (_, index) => step(scenario, index + 1));
}

export const GUIDE_SCENARIOS: readonly GuideScenario[] = [
  { id: 'pv', title: 'dialogs.guide.scenario.pv', route: ASSESSMENT_ROUTE, steps: steps('pv', 6) },
  {
    id: 'storage',
    title: 'dialogs.guide.scenario.storage',
    route: ASSESSMENT_ROUTE,
    steps: steps('storage', 6),
  },
  {
    id: 'pvStorage',
    title: 'dialogs.guide.scenario.pvStorage',
    route: ASSESSMENT_ROUTE,
    steps: steps('pvStorage', 6),
  },
  { id: 'survey', title: 'dialogs.guide.scenario.survey', route: SURVEY_ROUTE, steps: steps('survey', 5) },
  { id: 'design', title: 'dialogs.guide.scenario.design', route: DESIGN_ROUTE, steps: steps('design', 6) },
];

/** Every message key the guide uses (the locale test checks each exists in both languages). */
export function guideMessageKeys(): MessageKey[] {
  const keys: MessageKey[] = [];
  for (const fn of GUIDE_FUNCTIONS) keys.push(fn.title, fn.description);
  for (const scenario of GUIDE_SCENARIOS) {
    keys.push(scenario.title);
    for (const item of scenario.steps) keys.push(item.title, item.description);
  }
  return keys;
}
