import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';

import { fenToYuanText } from '@pvplan/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteOrder, findOrdersOfUser, type PurchaseRecord } from '../../api/membership';
import { useOrderPackageName } from '../../features/membership/packageNames';
import { copyText } from '../../utils/clipboard';
import { cellText, formatDateTime, paymentStatusOf } from './format';
import { ListFailure } from './ListState';
import { FIRST_PAGE, type PageState, pageAfterDelete, pagerOf } from './paging';
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

  const columns: TableColumnsType<PurchaseRecord> = [
    {
      title: t('dialogs.purchaseRecords.orderNum'),
      dataIndex: 'orderNum',
      width: 250,
      render: (orderNum: string) => (
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
      ),
    },
    {
      title: t('dialogs.purchaseRecords.package'),
      dataIndex: 'bpPackageTypeId',
      // The package's name in the UI language (both names of purchase time come with the record).
      render: (value: PurchaseRecord['bpPackageTypeId'], record) =>
        cellText(record.vipName ? packageName(record) : value),
    },
    {
      title: t('dialogs.purchaseRecords.orderStatus'),
      dataIndex: 'orderStatus',
      render: (value: PurchaseRecord['orderStatus']) => {
        const status = paymentStatusOf(value);
        if (status === 'paid') return <Tag color="success">{t('dialogs.purchaseRecords.status.paid')}</Tag>;
        if (status === 'unpaid') return <Tag>{t('dialogs.purchaseRecords.status.unpaid')}</Tag>;
        return cellText(value);
      },
    },
    {
      title: t('dialogs.purchaseRecords.paymentAmount'),
      dataIndex: 'paymentAmount',
      align: 'right',
      render: (_: unknown, record) => `¥${fenToYuanText(record.paymentAmountFen)}`,
    },
    {
      title: t('dialogs.purchaseRecords.paymentTime'),
      dataIndex: 'paymentTime',
      render: (value: PurchaseRecord['paymentTime']) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>
      ),
    },
    {
      title: t('dialogs.common.actions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, record) => (
        <Button
          type="link"
          danger
          size="small"
          icon={<DeleteOutlined />}
          onClick={() => confirmDelete(record)}
        >
          {t('dialogs.purchaseRecords.delete')}
        </Button>
      ),
    },
  ];

  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('dialogs.purchaseRecords.title')}
      footer={null}
      width={960}
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
            columns={columns}
            dataSource={records.data?.list ?? []}
            loading={records.isPending && records.fetchStatus !== 'idle'}
            scroll={{ x: 880, y: 400 }}
            locale={{ emptyText: t('dialogs.purchaseRecords.empty') }}
            pagination={{
              ...pagerOf(page, records.data?.total, setPage),
              showTotal: (total) => t('dialogs.common.total', { total }),
            }}
          />
        )}
      </div>
    </Modal>
  );
}
