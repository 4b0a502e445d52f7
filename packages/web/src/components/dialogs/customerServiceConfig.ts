/**
 * Customer-service contacts shown by the customer-service and invoice dialogs. The spec (000 §2,
 * 001 §9) shows a QR image and a phone number but gives neither value nor a server source, so
 * they are web build settings, read from the environment at build time:
 *
 *   VITE_SERVICE_PHONE      phone number shown (and dialled on mobile), e.g. 400-000-0000
 *   VITE_SERVICE_QR_IMAGE   URL of the QR image (e.g. the enterprise WeChat contact code)
 *   VITE_SERVICE_QR_LINK    or: a link the app draws as a QR code itself (antd QRCode)
 *
 * Unset values are shown as "not configured", never replaced by made-up contacts.
 */
export interface ServiceContacts {
  readonly phone: string | null;
  readonly qrImageUrl: string | null;
  readonly qrLink: string | null;
}

function setting(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The contacts from a Vite env object (import.meta.env). */
export function serviceContactsFrom(env: Readonly<Record<string, unknown>>): ServiceContacts {
  return {
    phone: setting(env.VITE_SERVICE_PHONE),
    qrImageUrl: setting(env.VITE_SERVICE_QR_IMAGE),
    qrLink: setting(env.VITE_SERVICE_QR_LINK),
  };
}

/** The tel: link of a phone number (digits and a leading + only). */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
