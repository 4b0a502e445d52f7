import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';

import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteOrder, findOrdersOfUser, type PurchaseRecord } from '../../api/membership';
import { useIsMobile } from '../../app/layout/useLayoutMode';
import { useOrderPackageName } from '../../features/membership/packageNames';
import { priceText } from '../../features/membership/packRules';
import { copyText } from '../../utils/clipboard';
import { cellText, formatDateTime, orderStateOf } from './format';
import { ListFailure } from './ListState';
import { FIRST_PAGE, type PageState, pageAfterDelete, pagerOf } from './paging';
import { RowCard } from './RowCard';
import type { DialogProps } from './types';
import { useDialogUser } from './useDialogUser';

/**
 * Purchase records (spec 001 §2): the user's orders with paging (10/20/50/100), copy order
 * number, delete an order after 是否确定删除?. Reads POST optVipOrder/findByConditionUserId.
 */
export function PurchaseRecordsDialog(props: DialogProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const user = useDialogUser();
  const packageName = useOrderPackageName();
  const mobile = useIsMobile();
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const userId = user?.id ?? null;

  const records = useQuery({
    queryKey: ['purchaseRecords', userId, page.pageNum, page.pageSize],
    enabled: props.open && userId !== null,
    queryFn: ({ signal }) =>
      findOrdersOfUser({ userId: userId ?? 0, pageNum: page.pageNum, pageSize: page.pageSize }, signal),
  });

  const copyOrderNum = async (orderNum: string) => {
    if (await copyText(orderNum)) void message.success(t('dialogs.purchaseRecords.orderNumCopied'));
    else void message.error(t('common.copyFailed'));
  };

  const confirmDelete = (record: PurchaseRecord) => {
    modal.confirm({
      title: t('dialogs.purchaseRecords.deleteConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteOrder(record.id);
        void message.success(t('dialogs.purchaseRecords.deleted'));
        const after = pageAfterDelete(page, records.data?.list.length ?? 0);
        if (after !== page) setPage(after);
        else await records.refetch();
      },
    });
  };

  const orderNumCell = (orderNum: string) => (
    <Typography.Text style={{ whiteSpace: 'nowrap' }}>
      {cellText(orderNum)}
      {orderNum ? (
        <Button
          type="link"
          size="small"
          icon={<CopyOutlined />}
          aria-label={t('dialogs.purchaseRecords.copyOrderNum')}
          onClick={() => void copyOrderNum(orderNum)}
        />
      ) : null}
    </Typography.Text>
  );
  // The package's name in the UI language (both names of purchase time come with the record).
  const packageOf = (record: PurchaseRecord) =>
    cellText(record.vipName ? packageName(record) : record.bpPackageTypeId);
  const statusTag = (record: PurchaseRecord) => {
    const state = orderStateOf(record.orderStatus, record.expiresAt, Date.now());
    if (state === 'paid') return <Tag color="success">{t('dialogs.purchaseRecords.status.paid')}</Tag>;
    if (state === 'unpaid') return <Tag color="processing">{t('dialogs.purchaseRecords.status.unpaid')}</Tag>;
    if (state === 'expired') return <Tag>{t('dialogs.purchaseRecords.status.expired')}</Tag>;
    return cellText(record.orderStatus);
  };
  const amountOf = (record: PurchaseRecord) => `¥${priceText(record.paymentAmountFen)}`;
  const deleteButton = (record: PurchaseRecord) => (
    <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => confirmDelete(record)}>
      {t('dialogs.purchaseRecords.delete')}
    </Button>
  );
  const noWrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

  const desktopColumns: TableColumnsType<PurchaseRecord> = [
    {
      title: t('dialogs.purchaseRecords.orderNum'),
      dataIndex: 'orderNum',
      width: 250,
      render: orderNumCell,
    },
    {
      title: t('dialogs.purchaseRecords.package'),
      dataIndex: 'bpPackageTypeId',
      width: 200,
      render: (_: unknown, record) => noWrap(packageOf(record)),
    },
    {
      title: t('dialogs.purchaseRecords.orderStatus'),
      dataIndex: 'orderStatus',
      width: 120,
      render: (_: unknown, record) => statusTag(record),
    },
    {
      title: t('dialogs.purchaseRecords.paymentAmount'),
      dataIndex: 'paymentAmount',
      align: 'right',
      width: 120,
      render: (_: unknown, record) => noWrap(amountOf(record)),
    },
    {
      title: t('dialogs.purchaseRecords.createTime'),
      dataIndex: 'createTime',
      width: 180,
      render: (value: string) => noWrap(formatDateTime(value)),
    },
    {
      title: t('dialogs.purchaseRecords.paymentTime'),
      dataIndex: 'paymentTime',
      width: 180,
      render: (value: PurchaseRecord['paymentTime']) => noWrap(formatDateTime(value)),
    },
    {
      title: t('dialogs.common.actions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, record) => deleteButton(record),
    },
  ];
  // Phones: one card per order instead of a table wider than the screen.
  const phoneColumns: TableColumnsType<PurchaseRecord> = [
    {
      key: 'card',
      render: (_: unknown, record) => (
        <RowCard
          title={packageOf(record)}
          tags={statusTag(record)}
          lines={[
            { label: t('dialogs.purchaseRecords.orderNum'), value: orderNumCell(record.orderNum) },
            { label: t('dialogs.purchaseRecords.paymentAmount'), value: amountOf(record) },
            { label: t('dialogs.purchaseRecords.createTime'), value: formatDateTime(record.createTime) },
            { label: t('dialogs.purchaseRecords.paymentTime'), value: formatDateTime(record.paymentTime) },
          ]}
          actions={deleteButton(record)}
        />
      ),
    },
  ];

  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('dialogs.purchaseRecords.title')}
      footer={null}
      width={1180}
      destroyOnHidden
    >
      <div data-testid="dialog-purchase-records">
        {records.isError ? (
          <ListFailure
            error={records.error}
            onRetry={() => void records.refetch()}
            testId="purchase-records"
          />
        ) : (
          <Table<PurchaseRecord>
            rowKey="id"
            size="middle"
            columns={mobile ? phoneColumns : desktopColumns}
            showHeader={!mobile}
            dataSource={records.data?.list ?? []}
            loading={records.isPending && records.fetchStatus !== 'idle'}
            scroll={mobile ? undefined : { x: 1150, y: 400 }}
            locale={{ emptyText: t('dialogs.purchaseRecords.empty') }}
            pagination={{
              ...pagerOf(page, records.data?.total, setPage),
              showSizeChanger: !mobile,
              showTotal: (total) => t('dialogs.common.total', { total }),
            }}
          />
        )}
      </div>
    </Modal>
  );
}
