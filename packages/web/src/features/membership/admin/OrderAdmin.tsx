import { CopyOutlined } from '@ant-design/icons';
import { type AdminOrderRow, PURCHASE_RECORD_PAGE_SIZES } from '@pvplan/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmOrderManually, type OrderSearch, searchOrders } from '../../../api/membership';
import { copyText } from '../../../utils/clipboard';

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-');

/**
 * Administrators' orders (spec 001 §7 optVipOrder/findByCondition) with the manual confirmation
 * (ccb/manualUpdate, loading text 正在开通..., audited on the server). For a sales-management page
 * (e.g. salesManage/orders) to mount.
 */
export function OrderAdmin() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [filter, setFilter] = useState<OrderSearch>({ pageNum: 1, pageSize: 10 });
  const [draft, setDraft] = useState<{ orderNum?: string; phone?: string }>({});
  const orders = useQuery({
    queryKey: ['membership', 'admin', 'orders', filter],
    queryFn: ({ signal }) => searchOrders(filter, signal),
    placeholderData: keepPreviousData,
  });

  const confirm = (row: AdminOrderRow) => {
    modal.confirm({
      title: t('membership.admin.confirmPaid'),
      content: t('membership.admin.confirmPaidText', { orderNum: row.orderNum }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const hide = message.loading(t('membership.admin.opening'), 0);
        try {
          await confirmOrderManually(row.orderNum, 'admin');
          void message.success(t('membership.admin.confirmed'));
          await client.invalidateQueries({ queryKey: ['membership', 'admin', 'orders'] });
        } finally {
          hide();
        }
      },
    });
  };

  const columns: TableColumnsType<AdminOrderRow> = [
    {
      title: t('membership.pay.orderNum'),
      dataIndex: 'orderNum',
      render: (orderNum: string) => (
        <Typography.Text>
          {orderNum}
          <Button
            type="link"
            size="small"
            icon={<CopyOutlined />}
            onClick={async () => {
              if (await copyText(orderNum)) void message.success(t('membership.problem.copied'));
            }}
          />
        </Typography.Text>
      ),
    },
    {
      title: t('membership.admin.user'),
      key: 'user',
      render: (_: unknown, row) => `${row.userName} ${row.phone ?? ''}`,
    },
    { title: t('membership.admin.name'), dataIndex: 'vipName' },
    {
      title: t('membership.admin.price'),
      dataIndex: 'paymentAmount',
      align: 'right',
      render: (v: string) => `¥${v}`,
    },
    {
      title: t('membership.admin.payMethod'),
      dataIndex: 'payMethod',
      render: (value: number) =>
        t(
          value === 1
            ? 'membership.admin.method.1'
            : value === 2
              ? 'membership.admin.method.2'
              : 'membership.admin.method.3',
        ),
    },
    {
      title: t('membership.admin.status'),
      key: 'status',
      render: (_: unknown, row) => (
        <Flex gap={4}>
          <Tag color={row.orderStatus === 1 ? 'success' : 'default'}>
            {t(
              row.orderStatus === 1
                ? 'dialogs.purchaseRecords.status.paid'
                : 'dialogs.purchaseRecords.status.unpaid',
            )}
          </Tag>
          {row.isDelete === 1 ? <Tag>{t('membership.admin.deletedByUser')}</Tag> : null}
        </Flex>
      ),
    },
    { title: t('membership.admin.createTime'), dataIndex: 'createTime', render: time },
    { title: t('dialogs.purchaseRecords.paymentTime'), dataIndex: 'paymentTime', render: time },
    {
      title: t('dialogs.common.actions'),
      key: 'actions',
      render: (_: unknown, row) =>
        row.orderStatus === 1 ? null : (
          <Button type="link" size="small" onClick={() => confirm(row)}>
            {t('membership.admin.confirmPaid')}
          </Button>
        ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="order-admin">
      <Flex gap={8} wrap>
        <Input
          allowClear
          placeholder={t('membership.pay.orderNum')}
          style={{ width: 220 }}
          value={draft.orderNum}
          onChange={(event) => setDraft((d) => ({ ...d, orderNum: event.target.value || undefined }))}
        />
        <Input
          allowClear
          placeholder={t('membership.trial.phone')}
          style={{ width: 160 }}
          value={draft.phone}
          onChange={(event) => setDraft((d) => ({ ...d, phone: event.target.value || undefined }))}
        />
        <Select
          allowClear
          placeholder={t('membership.admin.status')}
          style={{ width: 120 }}
          value={filter.orderStatus}
          onChange={(orderStatus) => setFilter((f) => ({ ...f, pageNum: 1, orderStatus }))}
          options={[
            { value: 1, label: t('dialogs.purchaseRecords.status.paid') },
            { value: 0, label: t('dialogs.purchaseRecords.status.unpaid') },
          ]}
        />
        <Select
          allowClear
          placeholder={t('membership.admin.payMethod')}
          style={{ width: 140 }}
          value={filter.payMethod}
          onChange={(payMethod) => setFilter((f) => ({ ...f, pageNum: 1, payMethod }))}
          options={[1, 2, 3].map((value) => ({
            value,
            label: t(`membership.admin.method.${value}` as 'membership.admin.method.1'),
          }))}
        />
        <Button type="primary" onClick={() => setFilter((f) => ({ ...f, ...draft, pageNum: 1 }))}>
          {t('membership.admin.search')}
        </Button>
      </Flex>
      <Table<AdminOrderRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={orders.data?.list ?? []}
        loading={orders.isFetching}
        scroll={{ x: 1100 }}
        pagination={{
          current: filter.pageNum,
          pageSize: filter.pageSize,
          total: orders.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PURCHASE_RECORD_PAGE_SIZES.map(String),
          onChange: (pageNum, pageSize) =>
            setFilter((f) => ({ ...f, pageNum: pageSize !== f.pageSize ? 1 : pageNum, pageSize })),
        }}
      />
    </Flex>
  );
}
