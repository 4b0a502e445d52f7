import enAssessment from './en/assessment.json';
import enAssessmentFlow from './en/assessmentFlow.json';
import enBills from './en/bills.json';
import enCommon from './en/common.json';
import enDevices from './en/devices.json';
import enDialogs from './en/dialogs.json';
import enException from './en/exception.json';
import enHome from './en/home.json';
import enInvite from './en/invite.json';
import enLoad from './en/load.json';
import enLogin from './en/login.json';
import enMembership from './en/membership.json';
import enPrice from './en/price.json';
import enProjectSharing from './en/projectSharing.json';
import enReactivePower from './en/reactivePower.json';
import enRequest from './en/request.json';
import enShell from './en/shell.json';
import enValidation from './en/validation.json';
import enWeather from './en/weather.json';
import zhAssessment from './zh-CN/assessment.json';
import zhAssessmentFlow from './zh-CN/assessmentFlow.json';
import zhBills from './zh-CN/bills.json';
import zhCommon from './zh-CN/common.json';
import zhDevices from './zh-CN/devices.json';
import zhDialogs from './zh-CN/dialogs.json';
import zhException from './zh-CN/exception.json';
import zhHome from './zh-CN/home.json';
import zhInvite from './zh-CN/invite.json';
import zhLoad from './zh-CN/load.json';
import zhLogin from './zh-CN/login.json';
import zhMembership from './zh-CN/membership.json';
import zhPrice from './zh-CN/price.json';
import zhProjectSharing from './zh-CN/projectSharing.json';
import zhReactivePower from './zh-CN/reactivePower.json';
import zhRequest from './zh-CN/request.json';
import zhShell from './zh-CN/shell.json';
import zhValidation from './zh-CN/validation.json';
import zhWeather from './zh-CN/weather.json';

/** The languages of the app; zh-CN is the default. */
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Every area file of a language merged into one flat catalogue (keys are unique across areas). */
export const zhCNMessages = {
  ...zhCommon,
  ...zhRequest,
  ...zhLogin,
  ...zhHome,
  ...zhException,
  ...zhDialogs,
  ...zhValidation,
  ...zhInvite,
  ...zhShell,
  ...zhPrice,
  ...zhLoad,
  ...zhBills,
  ...zhMembership,
  ...zhWeather,
  ...zhAssessment,
  ...zhAssessmentFlow,
  ...zhDevices,
  ...zhReactivePower,
  ...zhProjectSharing,
};
export type MessageKey = keyof typeof zhCNMessages;

export const enMessages: Record<MessageKey, string> = {
  ...enCommon,
  ...enRequest,
  ...enLogin,
  ...enHome,
  ...enException,
  ...enDialogs,
  ...enValidation,
  ...enInvite,
  ...enShell,
  ...enPrice,
  ...enLoad,
  ...enBills,
  ...enMembership,
  ...enWeather,
  ...enAssessment,
  ...enAssessmentFlow,
  ...enDevices,
  ...enReactivePower,
  ...enProjectSharing,
};

export const messages: Record<Language, Record<MessageKey, string>> = {
  'zh-CN': zhCNMessages,
  en: enMessages,
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
