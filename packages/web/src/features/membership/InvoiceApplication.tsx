import {
  type InvoiceApplication as Application,
  type InvoiceStatus,
  type InvoiceTitleType,
  TAX_NO_PATTERN,
} from '@pvplan/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyInvoice, getInvoiceableOrders, getMyInvoices } from '../../api/membership';
import { useIsMobile } from '../../app/layout/useLayoutMode';
import { cellText, formatDateTime } from '../../components/dialogs/format';
import { FIRST_PAGE, type PageState, pagerOf } from '../../components/dialogs/paging';
import { RowCard } from '../../components/dialogs/RowCard';
import { useOrderPackageName } from './packageNames';
import { priceText } from './packRules';

const QUERY_KEY = ['membership', 'invoices'] as const;

interface FormValues {
  readonly orderId: number;
  readonly titleType: InvoiceTitleType;
  readonly title: string;
  readonly taxNo?: string;
  readonly email: string;
  readonly remark?: string;
}

/** A table cell kept on one line (order numbers, times): the table scrolls instead of breaking it. */
export function noWrap(text: ReactNode) {
  return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
}

const STATUS_COLOR: Record<InvoiceStatus, string> = { 0: 'processing', 1: 'success', 2: 'error' };

/** The tag of an application's status: waiting, issued or rejected. */
export function InvoiceStatusTag(props: { readonly status: InvoiceStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[props.status]}>{t(`membership.invoice.status.${props.status}`)}</Tag>;
}

/**
 * Invoice application (spec 000 §2, §6: external users apply for an invoice after payment): one of
 * the user's paid orders without a waiting or issued application (the newest preselected), the
 * title — personal, or company with its taxpayer ID — and the e-mail the invoice goes to; below,
 * the user's applications with their status and the administrator's note (invoice number or reason).
 */
export function InvoiceApplicationPanel(props: { readonly active?: boolean }) {
  const { t } = useTranslation();
  const packageName = useOrderPackageName();
  const mobile = useIsMobile();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const titleType = Form.useWatch('titleType', form);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [submitting, setSubmitting] = useState(false);
  const enabled = props.active !== false;

  const orders = useQuery({
    queryKey: [...QUERY_KEY, 'orders'],
    enabled,
    queryFn: ({ signal }) => getInvoiceableOrders(signal),
  });
  const mine = useQuery({
    queryKey: [...QUERY_KEY, 'mine', page],
    enabled,
    queryFn: ({ signal }) => getMyInvoices(page, signal),
    placeholderData: keepPreviousData,
  });

  // The newest invoiceable order is preselected; a chosen one that is no longer listed is replaced.
  useEffect(() => {
    const list = orders.data ?? [];
    const current = form.getFieldValue('orderId') as number | undefined;
    if (current === undefined || !list.some((order) => order.id === current)) {
      form.setFieldValue('orderId', list[0]?.id);
    }
  }, [orders.data, form]);

  const submit = async (values: FormValues) => {
    setSubmitting(true);
    try {
      await applyInvoice({
        ...values,
        taxNo: values.titleType === 'company' ? values.taxNo?.trim().toUpperCase() : undefined,
      });
      void message.success(t('membership.invoice.submitted'));
      form.resetFields(['title', 'taxNo', 'remark']);
      setPage(FIRST_PAGE);
      await client.invalidateQueries({ queryKey: QUERY_KEY });
    } catch {
      // The request layer has shown why.
    } finally {
      setSubmitting(false);
    }
  };

  const amountText = (row: Application) => `¥${priceText(row.amountFen)}`;
  const desktopColumns: TableColumnsType<Application> = [
    { title: t('membership.pay.orderNum'), dataIndex: 'orderNum', render: noWrap },
    {
      title: t('membership.invoice.package'),
      key: 'vipName',
      render: (_: unknown, row) => noWrap(packageName(row)),
    },
    {
      title: t('membership.invoice.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (_: unknown, row) => noWrap(amountText(row)),
    },
    { title: t('membership.invoice.title'), dataIndex: 'title' },
    {
      title: t('membership.invoice.status'),
      dataIndex: 'status',
      render: (status: InvoiceStatus) => <InvoiceStatusTag status={status} />,
    },
    { title: t('membership.invoice.handleRemark'), dataIndex: 'handleRemark', render: cellText },
    {
      title: t('membership.invoice.createTime'),
      dataIndex: 'createTime',
      render: (value: string) => noWrap(formatDateTime(value)),
    },
  ];
  // Phones: one card per application instead of a table wider than the screen.
  const phoneColumns: TableColumnsType<Application> = [
    {
      key: 'card',
      render: (_: unknown, row) => (
        <RowCard
          title={packageName(row)}
          tags={<InvoiceStatusTag status={row.status} />}
          lines={[
            { label: t('membership.pay.orderNum'), value: row.orderNum },
            { label: t('membership.invoice.amount'), value: amountText(row) },
            { label: t('membership.invoice.title'), value: row.title },
            { label: t('membership.invoice.handleRemark'), value: cellText(row.handleRemark) },
            { label: t('membership.invoice.createTime'), value: formatDateTime(row.createTime) },
          ]}
        />
      ),
    },
  ];

  const hasOrders = (orders.data?.length ?? 0) > 0;
  return (
    <Flex vertical gap={12} data-testid="invoice-application">
      {orders.isSuccess && !hasOrders ? (
        <Alert type="info" showIcon message={t('membership.invoice.noOrders')} />
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ titleType: 'personal' }}
        onFinish={(values) => void submit(values)}
        disabled={!hasOrders}
      >
        <Form.Item
          name="orderId"
          label={t('membership.invoice.order')}
          rules={[{ required: true, message: t('membership.invoice.orderRequired') }]}
        >
          <Select
            loading={orders.isPending}
            data-testid="invoice-order"
            options={(orders.data ?? []).map((order) => ({
              value: order.id,
              label: `${packageName(order)} · ¥${priceText(order.paymentAmountFen)} · ${order.orderNum}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="titleType" label={t('membership.invoice.titleType')}>
          <Radio.Group
            options={[
              { value: 'personal', label: t('membership.invoice.titleType.personal') },
              { value: 'company', label: t('membership.invoice.titleType.company') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('membership.invoice.title')}
          rules={[{ required: true, whitespace: true, message: t('membership.invoice.titleRequired') }]}
        >
          <Input maxLength={100} data-testid="invoice-title" />
        </Form.Item>
        {titleType === 'company' ? (
          <Form.Item
            name="taxNo"
            label={t('membership.invoice.taxNo')}
            normalize={(value: string) => value?.toUpperCase()}
            rules={[
              { required: true, message: t('membership.invoice.taxNoRequired') },
              { pattern: TAX_NO_PATTERN, message: t('membership.invoice.taxNoInvalid') },
            ]}
          >
            <Input maxLength={20} data-testid="invoice-tax-no" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="email"
          label={t('membership.invoice.email')}
          rules={[
            { required: true, message: t('membership.invoice.emailRequired') },
            { type: 'email', message: t('membership.invoice.emailInvalid') },
          ]}
        >
          <Input maxLength={100} data-testid="invoice-email" />
        </Form.Item>
        <Form.Item name="remark" label={t('membership.invoice.remark')}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="invoice-submit">
          {t('membership.invoice.submit')}
        </Button>
      </Form>
      <Typography.Text strong style={{ marginTop: 12 }}>
        {t('membership.invoice.mine')}
      </Typography.Text>
      <Table<Application>
        rowKey="id"
        size="small"
        columns={mobile ? phoneColumns : desktopColumns}
        showHeader={!mobile}
        dataSource={mine.data?.list ?? []}
        loading={mine.isFetching}
        scroll={mobile ? undefined : { x: 800 }}
        locale={{ emptyText: t('membership.invoice.mineEmpty') }}
        pagination={{ ...pagerOf(page, mine.data?.total, setPage), showSizeChanger: !mobile }}
      />
    </Flex>
  );
}

/** The invoice application as a dialog (same props as the shell's dialogs: open, onClose). */
export function InvoiceApplicationDialog(props: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t('membership.invoice.dialogTitle')}
      footer={null}
      width={860}
      destroyOnHidden
    >
      <div data-testid="dialog-invoice-application">
        <InvoiceApplicationPanel active={props.open} />
      </div>
    </Modal>
  );
}
