import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './sms-provider';

/** Writes the message to the server log instead of sending it: the local default. */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';

  constructor(private readonly logger: FastifyBaseLogger) {}

  async send(phone: string, text: string): Promise<void> {
    this.logger.info({ sms: { phone, text } }, 'SMS (console provider)');
  }
}
