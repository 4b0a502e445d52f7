import { CopyOutlined } from '@ant-design/icons';
import {
  type AdminOrderRow,
  PACKAGE_TYPES,
  PAY_METHOD_ALIPAY,
  PAY_METHOD_OTHER,
  PAY_METHOD_WECHAT,
  type PackageType,
  type PayMethod,
} from '@pvplan/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmOrderManually, type OrderSearch, searchOrders } from '../../../api/membership';
import { useIsMobile } from '../../../app/layout/useLayoutMode';
import { formatDateTime } from '../../../components/dialogs/format';
import { RowCard } from '../../../components/dialogs/RowCard';
import { copyText } from '../../../utils/clipboard';
import { noWrap } from '../InvoiceApplication';
import { useOrderPackageName } from '../packageNames';
import { ADMIN_FIRST_PAGE, adminPager, moneyText, personCell } from './adminTable';

interface Draft {
  readonly orderNum?: string;
  readonly phone?: string;
  readonly range?: [Dayjs | null, Dayjs | null] | null;
}

/** Whole days of the picked range as ISO instants (start of the first day, end of the last). */
function rangeFilter(range: Draft['range']): Pick<OrderSearch, 'startTime' | 'endTime'> {
  return {
    startTime: range?.[0] ? range[0].startOf('day').toISOString() : undefined,
    endTime: range?.[1] ? range[1].endOf('day').toISOString() : undefined,
  };
}

const PAY_METHODS: readonly PayMethod[] = [PAY_METHOD_WECHAT, PAY_METHOD_ALIPAY, PAY_METHOD_OTHER];

/** The label of a payment method; anything unknown reads as "other". */
function payMethodKey(value: number) {
  return value === PAY_METHOD_WECHAT || value === PAY_METHOD_ALIPAY
    ? (`membership.admin.method.${value}` as const)
    : (`membership.admin.method.${PAY_METHOD_OTHER}` as const);
}

/** A reason of at least 2 characters goes into the server's audit with the administrator and time. */
const MIN_REASON_LENGTH = 2;

/**
 * Administrators' orders (spec 001 §7 optVipOrder/findByCondition): search by order number, phone,
 * order time, package type, status and payment method; and the manual confirmation of a paid order
 * whose notification never came (ccb/manualUpdate, loading text 正在开通...), which asks for the
 * reason the server audits with the administrator and the order before and after. `readOnly`
 * (sales managers) leaves the confirmation out: only administrators may confirm payments.
 */
export function OrderAdmin(props: { readonly readOnly?: boolean } = {}) {
  const { t } = useTranslation();
  const packageName = useOrderPackageName();
  const { message } = App.useApp();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const [filter, setFilter] = useState<OrderSearch>(ADMIN_FIRST_PAGE);
  const [draft, setDraft] = useState<Draft>({});
  const [confirming, setConfirming] = useState<AdminOrderRow | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const orders = useQuery({
    queryKey: ['membership', 'admin', 'orders', filter],
    queryFn: ({ signal }) => searchOrders(filter, signal),
    placeholderData: keepPreviousData,
  });

  const openConfirm = (row: AdminOrderRow) => {
    form.resetFields();
    setConfirming(row);
  };

  const submitConfirm = async ({ reason }: { reason: string }) => {
    if (!confirming) return;
    setSubmitting(true);
    const hide = message.loading(t('membership.admin.opening'), 0);
    try {
      await confirmOrderManually(confirming.orderNum, reason.trim());
      void message.success(t('membership.admin.confirmed'));
      setConfirming(null);
      await client.invalidateQueries({ queryKey: ['membership', 'admin', 'orders'] });
    } catch {
      // The request layer has shown why.
    } finally {
      hide();
      setSubmitting(false);
    }
  };

  const orderNumCell = (orderNum: string) => (
    <Typography.Text style={{ whiteSpace: 'nowrap' }}>
      {orderNum}
      <Button
        type="link"
        size="small"
        aria-label={t('membership.admin.copyOrderNum')}
        icon={<CopyOutlined />}
        onClick={async () => {
          if (await copyText(orderNum)) void message.success(t('membership.problem.copied'));
        }}
      />
    </Typography.Text>
  );
  const statusTags = (row: AdminOrderRow) => (
    <>
      <Tag color={row.orderStatus === 1 ? 'success' : 'default'}>
        {t(
          row.orderStatus === 1
            ? 'dialogs.purchaseRecords.status.paid'
            : 'dialogs.purchaseRecords.status.unpaid',
        )}
      </Tag>
      {row.confirmedBy !== null ? <Tag color="gold">{t('membership.admin.confirmedByHand')}</Tag> : null}
      {row.isDelete === 1 ? <Tag>{t('membership.admin.deletedByUser')}</Tag> : null}
    </>
  );
  const confirmButton = (row: AdminOrderRow) =>
    props.readOnly === true || row.orderStatus === 1 ? null : (
      <Button
        type="link"
        size="small"
        onClick={() => openConfirm(row)}
        data-testid={`order-confirm-${row.orderNum}`}
      >
        {t('membership.admin.confirmPaid')}
      </Button>
    );

  const desktopColumns: TableColumnsType<AdminOrderRow> = [
    { title: t('membership.pay.orderNum'), dataIndex: 'orderNum', render: orderNumCell },
    {
      title: t('membership.admin.user'),
      key: 'user',
      render: (_: unknown, row) => personCell(row.userName, row.phone),
    },
    { title: t('membership.admin.name'), key: 'vipName', render: (_: unknown, row) => packageName(row) },
    {
      title: t('membership.admin.paidAmount'),
      dataIndex: 'paymentAmount',
      align: 'right',
      render: (value: string) => noWrap(moneyText(value)),
    },
    {
      title: t('membership.admin.payMethod'),
      dataIndex: 'payMethod',
      render: (value: number) => noWrap(t(payMethodKey(value))),
    },
    {
      title: t('membership.admin.status'),
      key: 'status',
      render: (_: unknown, row) => (
        <Flex gap={4} wrap>
          {statusTags(row)}
        </Flex>
      ),
    },
    {
      // Ordered, and paid below it: one column keeps the table within a laptop's width.
      title: t('membership.admin.orderedPaidTime'),
      key: 'time',
      render: (_: unknown, row) => (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          <span>{formatDateTime(row.createTime)}</span>
          {row.paymentTime ? (
            <Typography.Text type="secondary">
              {t('membership.admin.paidAt', { time: formatDateTime(row.paymentTime) })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('dialogs.common.actions'),
      key: 'actions',
      fixed: 'right',
      hidden: props.readOnly === true,
      render: (_: unknown, row) => confirmButton(row),
    },
  ];
  // Phones: one card per order instead of a table wider than the screen.
  const phoneColumns: TableColumnsType<AdminOrderRow> = [
    {
      key: 'card',
      render: (_: unknown, row) => (
        <RowCard
          title={orderNumCell(row.orderNum)}
          tags={statusTags(row)}
          lines={[
            { label: t('membership.admin.user'), value: `${row.userName} ${row.phone ?? ''}`.trim() },
            { label: t('membership.admin.name'), value: packageName(row) },
            { label: t('membership.admin.paidAmount'), value: moneyText(row.paymentAmount) },
            { label: t('membership.admin.payMethod'), value: t(payMethodKey(row.payMethod)) },
            { label: t('membership.admin.createTime'), value: formatDateTime(row.createTime) },
            ...(row.paymentTime
              ? [{ label: t('dialogs.purchaseRecords.paymentTime'), value: formatDateTime(row.paymentTime) }]
              : []),
          ]}
          actions={confirmButton(row)}
        />
      ),
    },
  ];
  /** Filters: fixed widths on a desktop, two to a row (the date range alone) on a phone. */
  const filterWidth = (desktopPx: number) => (mobile ? 'calc(50% - 4px)' : desktopPx);

  return (
    <Flex vertical gap={12} data-testid="order-admin">
      <Flex gap={8} wrap>
        <Input
          allowClear
          placeholder={t('membership.pay.orderNum')}
          style={{ width: filterWidth(190) }}
          value={draft.orderNum}
          onChange={(event) => setDraft((d) => ({ ...d, orderNum: event.target.value || undefined }))}
          data-testid="order-search-num"
        />
        <Input
          allowClear
          placeholder={t('membership.trial.phone')}
          style={{ width: filterWidth(150) }}
          value={draft.phone}
          onChange={(event) => setDraft((d) => ({ ...d, phone: event.target.value || undefined }))}
        />
        <DatePicker.RangePicker
          value={draft.range ?? null}
          onChange={(range) => setDraft((d) => ({ ...d, range }))}
          placeholder={[t('membership.admin.from'), t('membership.admin.to')]}
          style={mobile ? { width: '100%' } : undefined}
        />
        <Select
          allowClear
          placeholder={t('membership.admin.packageType')}
          style={{ width: filterWidth(140) }}
          value={filter.vipType}
          onChange={(vipType: PackageType | undefined) => setFilter((f) => ({ ...f, pageNum: 1, vipType }))}
          options={PACKAGE_TYPES.map((value) => ({ value, label: t(`membership.admin.type.${value}`) }))}
        />
        <Select
          allowClear
          placeholder={t('membership.admin.status')}
          style={{ width: filterWidth(120) }}
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
          style={{ width: filterWidth(160) }}
          value={filter.payMethod}
          onChange={(payMethod) => setFilter((f) => ({ ...f, pageNum: 1, payMethod }))}
          options={PAY_METHODS.map((value) => ({ value, label: t(payMethodKey(value)) }))}
        />
        <Button
          type="primary"
          style={mobile ? { width: 'calc(50% - 4px)' } : undefined}
          data-testid="order-search"
          onClick={() =>
            setFilter((f) => ({
              ...f,
              orderNum: draft.orderNum?.trim() || undefined,
              phone: draft.phone?.trim() || undefined,
              ...rangeFilter(draft.range),
              pageNum: 1,
            }))
          }
        >
          {t('membership.admin.search')}
        </Button>
      </Flex>
      <Table<AdminOrderRow>
        rowKey="id"
        size="middle"
        columns={mobile ? phoneColumns : desktopColumns}
        showHeader={!mobile}
        dataSource={orders.data?.list ?? []}
        loading={orders.isFetching}
        scroll={mobile ? undefined : { x: 'max-content' }}
        pagination={adminPager(
          filter,
          orders.data?.total,
          (next) => setFilter((f) => ({ ...f, ...next })),
          t,
          mobile,
        )}
      />
      <Modal
        open={confirming !== null}
        title={t('membership.admin.confirmPaid')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setConfirming(null)}
        confirmLoading={submitting}
        forceRender
      >
        <Flex vertical gap={12} data-testid="dialog-order-confirm">
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('membership.admin.confirmPaidText', { orderNum: confirming?.orderNum ?? '' })}
          </Typography.Paragraph>
          {confirming ? (
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('membership.admin.user')}>
                {`${confirming.userName} ${confirming.phone ?? ''}`}
              </Descriptions.Item>
              <Descriptions.Item label={t('membership.admin.name')}>
                {packageName(confirming)}
              </Descriptions.Item>
              <Descriptions.Item label={t('membership.admin.paidAmount')}>
                {moneyText(confirming.paymentAmount)}
              </Descriptions.Item>
            </Descriptions>
          ) : null}
          <Form<{ reason: string }>
            form={form}
            layout="vertical"
            onFinish={(values) => void submitConfirm(values)}
          >
            <Form.Item
              name="reason"
              label={t('membership.admin.reason')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  min: MIN_REASON_LENGTH,
                  message: t('membership.admin.reasonRequired'),
                },
              ]}
            >
              <Input.TextArea
                maxLength={200}
                showCount
                autoSize={{ minRows: 2, maxRows: 4 }}
                placeholder={t('membership.admin.reasonPlaceholder')}
                data-testid="order-confirm-reason"
              />
            </Form.Item>
          </Form>
        </Flex>
      </Modal>
    </Flex>
  );
}
