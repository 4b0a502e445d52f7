import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { PURCHASE_RECORD_PAGE_SIZES } from '@pvplan/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteOrder, findOrdersOfUser, type PurchaseRecord } from '../../api/membership';
import { copyText } from '../../utils/clipboard';
import { cellText, formatDateTime, paymentStatusOf } from './format';
import { ListFailure } from './ListState';
import { FIRST_PAGE, nextPage, type PageState, pageAfterDelete } from './paging';
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
      render: (orderNum: string) => (
        <Typography.Text>
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
      render: (value: PurchaseRecord['bpPackageTypeId']) => cellText(value),
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
      render: (value: PurchaseRecord['paymentAmount']) => cellText(value),
    },
    {
      title: t('dialogs.purchaseRecords.paymentTime'),
      dataIndex: 'paymentTime',
      render: (value: PurchaseRecord['paymentTime']) => formatDateTime(value),
    },
    {
      title: t('dialogs.common.actions'),
      key: 'actions',
      width: 90,
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
            scroll={{ x: 800, y: 400 }}
            locale={{ emptyText: t('dialogs.purchaseRecords.empty') }}
            pagination={{
              current: page.pageNum,
              pageSize: page.pageSize,
              total: records.data?.total ?? 0,
              pageSizeOptions: PURCHASE_RECORD_PAGE_SIZES.map(String),
              showSizeChanger: true,
              showTotal: (total) => t('dialogs.common.total', { total }),
              onChange: (pageNum, pageSize) => setPage((current) => nextPage(current, pageNum, pageSize)),
            }}
          />
        )}
      </div>
    </Modal>
  );
}
