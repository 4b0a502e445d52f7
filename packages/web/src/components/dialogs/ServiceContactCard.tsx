import { PhoneOutlined } from '@ant-design/icons';
import { Flex, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageQrCode } from '../ImageQrCode';
import { type ServiceContacts, serviceContactsFrom, telLink } from './customerServiceConfig';

/** The configured customer-service contacts of this build. */
export const SERVICE_CONTACTS: ServiceContacts = serviceContactsFrom(import.meta.env);

/** QR image (or a drawn QR code) and phone number of customer service, or "not configured". */
export function ServiceContactCard(props: { readonly contacts?: ServiceContacts }) {
  const { t } = useTranslation();
  const contacts = props.contacts ?? SERVICE_CONTACTS;
  const qr = contacts.qrImageUrl ? (
    <Image
      src={contacts.qrImageUrl}
      width={188}
      height={188}
      preview={false}
      alt={t('dialogs.customerService.qrAlt')}
      data-testid="service-qr"
    />
  ) : contacts.qrLink ? (
    <ImageQrCode
      alt={t('dialogs.customerService.qrAlt')}
      value={contacts.qrLink}
      size={188}
      errorLevel="H"
      data-testid="service-qr"
    />
  ) : null;

  return (
    <Flex vertical align="center" gap={12} data-testid="service-contacts">
      {qr ? (
        <>
          {qr}
          <Typography.Text type="secondary">{t('dialogs.customerService.scan')}</Typography.Text>
        </>
      ) : null}
      {contacts.phone ? (
        <Typography.Text strong>
          <PhoneOutlined /> {t('dialogs.customerService.phone')}{' '}
          <Typography.Link href={telLink(contacts.phone)} data-testid="service-phone">
            {contacts.phone}
          </Typography.Link>
        </Typography.Text>
      ) : null}
      {!qr && !contacts.phone ? (
        <Typography.Text type="secondary" data-testid="service-not-configured">
          {t('dialogs.customerService.notConfigured')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
