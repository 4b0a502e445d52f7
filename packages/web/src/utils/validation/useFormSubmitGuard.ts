import { App, type FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { firstErrorField, isFormValidationFailure } from './formSubmit';

/**
 * Submits a form the spec's way (000 §5, 001 §5): validate; on failure scroll to the first field
 * in error and warn 存在必填项未正确录入!; on success call `onValid` with the values.
 * Resolves true when `onValid` ran; errors thrown by `onValid` propagate.
 *
 *   const submit = useFormSubmitGuard(form);
 *   <Button onClick={() => void submit(save)}>
 */
export function useFormSubmitGuard<Values>(form: FormInstance<Values>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    async (onValid: (values: Values) => unknown): Promise<boolean> => {
      let values: Values;
      try {
        values = await form.validateFields();
      } catch (error) {
        if (!isFormValidationFailure(error)) throw error;
        const name = firstErrorField(error);
        if (name) form.scrollToField(name, { behavior: 'smooth', block: 'center', focus: true });
        void message.warning(t('validation.form.incomplete'));
        return false;
      }
      await onValid(values);
      return true;
    },
    [form, message, t],
  );
}
