import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { ConsoleSmsProvider } from './console-sms-provider';
import type { SmsProvider } from './sms-provider';

export type { SmsProvider } from './sms-provider';

export function createSmsProvider(config: Config, logger: FastifyBaseLogger): SmsProvider {
  switch (config.SMS_PROVIDER) {
    case 'console':
      return new ConsoleSmsProvider(logger);
  }
}
