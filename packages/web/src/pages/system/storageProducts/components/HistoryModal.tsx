import type { StorageProductRevisionView, StorageProductView } from '@pvplan/contract';
import { Empty, Modal, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../../../utils/dateTime';
import { useStorageProductHistory } from '../hooks';
import { productValueParams } from '../productForm';

/** A product's changes, newest first: who changed what and when, with the values after the change. */
export function HistoryModal(props: {
  readonly product: StorageProductView | null;
  readonly onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const history = useStorageProductHistory(props.product?.id ?? null);
  const name = props.product ? (i18n.language === 'en' ? props.product.labelEn : props.product.labelZh) : '';
  const entries: StorageProductRevisionView[] = history.data ?? [];
  return (
    <Modal
      open={props.product !== null}
      onCancel={props.onClose}
      footer={null}
      width="min(720px, 96vw)"
      title={t('devices.history.title', { name })}
      destroyOnHidden
    >
      {history.isPending ? (
        <Spin />
      ) : entries.length === 0 ? (
        <Empty description={t('devices.history.empty')} />
      ) : (
        <Timeline
          style={{ marginTop: 20 }}
          items={entries.map((entry) => ({
            key: entry.revision,
            color: entry.action === 'delete' || entry.action === 'disable' ? 'gray' : 'blue',
            children: (
              <>
                <Typography.Text strong>
                  {t('devices.history.entry', {
                    revision: entry.revision,
                    action: t(`devices.history.action.${entry.action}`),
                    who: entry.changedByName ?? t('devices.history.system'),
                    time: dateTimeText(entry.changedAt),
                  })}
                </Typography.Text>{' '}
                {/* The product was disabled at this change (a disable or delete entry says so itself). */}
                {entry.enabled || entry.action === 'disable' || entry.action === 'delete' ? null : (
                  <Tag>{t('devices.history.disabledState')}</Tag>
                )}
                <div>
                  <Typography.Text type="secondary">
                    {t('devices.history.values', productValueParams(entry.product))}
                  </Typography.Text>
                </div>
              </>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
