import { describe, expect, it } from 'vitest';
import zh from '../../locales/zh-CN/validation.json';
import {
  attachmentSelection,
  contactMessage,
  feedbackRules,
  feedbackTextMessage,
  isAttachmentTooLarge,
} from './feedbackRules';

/** Limits and messages of spec 000 §5 / 001 §5 (feedback); values are hand-made. */
describe('feedback rules', () => {
  it('contact: required, 11 digits starting with 1', () => {
    expect(contactMessage('')).toBe('validation.feedback.contactRequired');
    expect(contactMessage(undefined)).toBe('validation.feedback.contactRequired');
    expect(contactMessage('13800000001')).toBeNull();
    expect(contactMessage(' 13800000001 ')).toBeNull();
    expect(contactMessage('23800000001')).toBe('validation.feedback.contactInvalid');
    expect(contactMessage('1380000000')).toBe('validation.feedback.contactInvalid');
    expect(contactMessage('138000000012')).toBe('validation.feedback.contactInvalid');
    expect(zh['validation.feedback.contactRequired']).toBe('请输入联系方式');
    expect(zh['validation.feedback.contactInvalid']).toBe('请输入正确的联系方式');
  });

  it('text: required, at least 6 and at most 200 characters (counted as characters, not UTF-16 units)', () => {
    expect(feedbackTextMessage('   ')).toBe('validation.feedback.textRequired');
    expect(feedbackTextMessage('太慢了啊')).toBe('validation.feedback.textTooShort');
    expect(feedbackTextMessage('页面加载太慢')).toBeNull();
    expect(feedbackTextMessage('好'.repeat(200))).toBeNull();
    expect(feedbackTextMessage('好'.repeat(201))).toBe('validation.feedback.textTooLong');
    // 6 emoji are 12 UTF-16 units but 6 characters.
    expect(feedbackTextMessage('😀'.repeat(6))).toBeNull();
    expect(zh['validation.feedback.textTooShort']).toBe('请6个字及以上的反馈意见描述');
  });

  it('attachments: under 50 MB each', () => {
    const limit = 50 * 1024 * 1024;
    expect(isAttachmentTooLarge(limit - 1)).toBe(false);
    expect(isAttachmentTooLarge(limit)).toBe(true);
    expect(zh['validation.feedback.fileTooLarge']).toBe('请上传小于50M的文件!');
  });

  it('attachments: at most 5 in all, warning when more are selected', () => {
    expect(attachmentSelection(0, 3)).toEqual({ accepted: 3, overLimit: false });
    expect(attachmentSelection(0, 5)).toEqual({ accepted: 5, overLimit: false });
    expect(attachmentSelection(0, 7)).toEqual({ accepted: 5, overLimit: true });
    expect(attachmentSelection(3, 3)).toEqual({ accepted: 2, overLimit: true });
    expect(attachmentSelection(5, 1)).toEqual({ accepted: 0, overLimit: true });
  });

  it('builds antd rules', async () => {
    const rules = feedbackRules((key) => key);
    await expect(rules.contact[0]?.validator({}, '13800000001')).resolves.toBeUndefined();
    await expect(rules.suggestions[0]?.validator({}, '短')).rejects.toThrow(
      'validation.feedback.textTooShort',
    );
  });
});
