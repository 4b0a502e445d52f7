import { describe, expect, it } from 'vitest';
import { feedbackContactError, feedbackTextError } from './feedback-rules';

describe('feedback rules (spec 000 §5)', () => {
  it.each([
    ['13800000001', null],
    [' 13800000001 ', null],
    ['', 'ERR_FEEDBACK_CONTACT_REQUIRED'],
    ['23800000001', 'ERR_FEEDBACK_CONTACT_INVALID'],
    ['1380000000', 'ERR_FEEDBACK_CONTACT_INVALID'],
    ['138000000012', 'ERR_FEEDBACK_CONTACT_INVALID'],
    ['1380000000a', 'ERR_FEEDBACK_CONTACT_INVALID'],
  ])('contact %j → %s', (contact, expected) => {
    expect(feedbackContactError(contact)).toBe(expected);
  });

  it('counts characters, not UTF-16 units, for 6–200', () => {
    expect(feedbackTextError('一二三四五')).toBe('ERR_FEEDBACK_TEXT_TOO_SHORT');
    expect(feedbackTextError('一二三四五六')).toBeNull();
    expect(feedbackTextError('😀'.repeat(200))).toBeNull();
    expect(feedbackTextError('😀'.repeat(201))).toBe('ERR_FEEDBACK_TEXT_TOO_LONG');
    expect(feedbackTextError('      ')).toBe('ERR_FEEDBACK_TEXT_REQUIRED');
  });
});
