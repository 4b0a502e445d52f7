import { describe, expect, it } from 'vitest';
import zh from '../../locales/zh-CN/validation.json';
import { firstErrorField, isFormValidationFailure } from './formSubmit';

describe('form submit guard helpers', () => {
  it('finds the first field with an error in form order', () => {
    const failure = {
      values: {},
      errorFields: [
        { name: ['contact'], errors: [] },
        { name: ['items', 2, 'price'], errors: ['请输入0~100之间的数字，最多保留2位小数，不能输入00'] },
        { name: ['suggestions'], errors: ['请输入反馈意见'] },
      ],
      outOfDate: false,
    };
    expect(isFormValidationFailure(failure)).toBe(true);
    expect(firstErrorField(failure)).toEqual(['items', 2, 'price']);
  });

  it('answers null for other rejections', () => {
    expect(isFormValidationFailure(new Error('network'))).toBe(false);
    expect(firstErrorField(new Error('network'))).toBeNull();
    expect(firstErrorField({ errorFields: [] })).toBeNull();
  });

  it('warns with the spec message', () => {
    expect(zh['validation.form.incomplete']).toBe('存在必填项未正确录入!');
  });
});
