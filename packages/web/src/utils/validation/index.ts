export * from './feedbackRules';
export * from './formSubmit';
export * from './numericInput';
export * from './numericRules';
export * from './passwordRules';
export * from './translate';
export { useFormSubmitGuard } from './useFormSubmitGuard';
export { useValidation } from './useValidation';
