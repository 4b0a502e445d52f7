/** Sends a text message. Adapters: console (default, logs the text); a vendor adapter plugs in here. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, text: string): Promise<void>;
}
