import { type Envelope, formatMessage, type Language, type MessageKey } from '@pvplan/contract';

/** A success envelope with a localised message. */
export function ok<T>(language: Language, data: T, messageKey: MessageKey = 'ok'): Envelope<T> {
  return { code: 200, msg: formatMessage(language, messageKey), data };
}
