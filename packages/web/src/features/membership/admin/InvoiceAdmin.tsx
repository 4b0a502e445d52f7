import type { InvoiceApplication, InvoiceSearchBody, InvoiceStatus } from '@pvplan/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleInvoice, searchInvoices } from '../../../api/membership';
import { useIsMobile } from '../../../app/layout/useLayoutMode';
import { cellText, formatDateTime } from '../../../components/dialogs/format';
import { RowCard } from '../../../components/dialogs/RowCard';
import { InvoiceStatusTag, noWrap } from '../InvoiceApplication';
import { useOrderPackageName } from '../packageNames';
import { ADMIN_FIRST_PAGE, adminPager, moneyText, personCell } from './adminTable';

const QUERY_KEY = ['membership', 'admin', 'invoices'] as const;

interface Handling {
  readonly row: InvoiceApplication;
  readonly status: 1 | 2;
}

/**
 * Administrators' invoice applications (ours; spec 000 §2 shows only the user's dialog): search by
 * status and the buyer's phone, and settle a waiting application once — issued (the note may carry
 * the invoice number) or rejected (with the reason the user sees). `readOnly` (sales managers)
 * leaves the actions out; the server checks the role too.
 */
export function InvoiceAdmin(props: { readonly readOnly?: boolean } = {}) {
  const { t } = useTranslation();
  const packageName = useOrderPackageName();
  const { message } = App.useApp();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const [filter, setFilter] = useState<InvoiceSearchBody>({ ...ADMIN_FIRST_PAGE, status: 0 });
  const [phone, setPhone] = useState('');
  const [handling, setHandling] = useState<Handling | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<{ remark: string }>();
  const list = useQuery({
    queryKey: [...QUERY_KEY, filter],
    queryFn: ({ signal }) => searchInvoices(filter, signal),
    placeholderData: keepPreviousData,
  });

  const open = (row: InvoiceApplication, status: 1 | 2) => {
    form.resetFields();
    setHandling({ row, status });
  };
  const submit = async ({ remark }: { remark: string }) => {
    if (!handling) return;
    setSubmitting(true);
    try {
      await handleInvoice({ id: handling.row.id, status: handling.status, remark: remark.trim() });
      void message.success(
        t(handling.status === 1 ? 'membership.invoice.issued' : 'membership.invoice.rejected'),
      );
      setHandling(null);
      await client.invalidateQueries({ queryKey: QUERY_KEY });
    } catch {
      // The request layer has shown why.
    } finally {
      setSubmitting(false);
    }
  };

  const titleCell = (row: InvoiceApplication) => (
    <Flex vertical>
      <Typography.Text>{row.title}</Typography.Text>
      {row.taxNo ? <Typography.Text type="secondary">{row.taxNo}</Typography.Text> : null}
    </Flex>
  );
  /** A free text that may be long (the user's remark, the administrator's note): clipped, whole on hover. */
  const noteCell = (value: string | null | undefined) => (
    <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 200 }}>
      {cellText(value)}
    </Typography.Text>
  );
  const actionButtons = (row: InvoiceApplication) =>
    props.readOnly === true || row.status !== 0 ? null : (
      <Flex gap={4}>
        <Button type="link" size="small" onClick={() => open(row, 1)} data-testid={`invoice-issue-${row.id}`}>
          {t('membership.invoice.issue')}
        </Button>
        <Button
          type="link"
          size="small"
          danger
          onClick={() => open(row, 2)}
          data-testid={`invoice-reject-${row.id}`}
        >
          {t('membership.invoice.reject')}
        </Button>
      </Flex>
    );

  // The status and the application time come before the free texts, so that they stay in view.
  const desktopColumns: TableColumnsType<InvoiceApplication> = [
    {
      title: t('membership.admin.user'),
      key: 'user',
      render: (_: unknown, row) => personCell(row.userName, row.phone),
    },
    {
      // The order and its package in one cell keeps the status and the time within a laptop's width.
      title: t('membership.admin.orderAndPackage'),
      key: 'order',
      render: (_: unknown, row) => (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text>{row.orderNum}</Typography.Text>
          <Typography.Text type="secondary">{packageName(row)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('membership.admin.invoiceAmount'),
      dataIndex: 'amount',
      align: 'right',
      render: (value: string) => noWrap(moneyText(value)),
    },
    { title: t('membership.invoice.title'), key: 'title', render: (_: unknown, row) => titleCell(row) },
    { title: t('membership.invoice.email'), dataIndex: 'email', render: noWrap },
    {
      title: t('membership.admin.status'),
      dataIndex: 'status',
      render: (status: InvoiceStatus) => <InvoiceStatusTag status={status} />,
    },
    {
      title: t('membership.invoice.createTime'),
      dataIndex: 'createTime',
      render: (value: string) => noWrap(formatDateTime(value)),
    },
    {
      // The user's remark, and the administrator's note below it once handled.
      title: t('membership.invoice.remark'),
      key: 'remarks',
      render: (_: unknown, row) => (
        <Flex vertical>
          {noteCell(row.remark)}
          {row.handleRemark ? (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: row.handleRemark }}
              style={{ maxWidth: 200 }}
            >
              {t('membership.admin.handleRemarkLine', { text: row.handleRemark })}
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
      render: (_: unknown, row) => actionButtons(row),
    },
  ];
  // Phones: one card per application instead of a table wider than the screen.
  const phoneColumns: TableColumnsType<InvoiceApplication> = [
    {
      key: 'card',
      render: (_: unknown, row) => (
        <RowCard
          title={titleCell(row)}
          tags={<InvoiceStatusTag status={row.status} />}
          lines={[
            { label: t('membership.admin.user'), value: `${row.userName} ${row.phone ?? ''}`.trim() },
            { label: t('membership.pay.orderNum'), value: row.orderNum },
            { label: t('membership.admin.name'), value: packageName(row) },
            { label: t('membership.admin.invoiceAmount'), value: moneyText(row.amount) },
            { label: t('membership.invoice.email'), value: row.email },
            { label: t('membership.invoice.createTime'), value: formatDateTime(row.createTime) },
            ...(row.remark ? [{ label: t('membership.invoice.remark'), value: row.remark }] : []),
            ...(row.handleRemark
              ? [{ label: t('membership.invoice.handleRemark'), value: row.handleRemark }]
              : []),
          ]}
          actions={actionButtons(row)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="invoice-admin">
      <Flex gap={8} wrap>
        <Select<InvoiceStatus | undefined>
          allowClear
          placeholder={t('membership.admin.status')}
          style={{ width: mobile ? '100%' : 140 }}
          value={filter.status as InvoiceStatus | undefined}
          onChange={(status) => setFilter((f) => ({ ...f, pageNum: 1, status }))}
          options={([0, 1, 2] as const).map((value) => ({
            value,
            label: t(`membership.invoice.status.${value}`),
          }))}
        />
        <Input.Search
          allowClear
          placeholder={t('membership.trial.phone')}
          style={{ width: mobile ? '100%' : 240 }}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          onSearch={(value) => setFilter((f) => ({ ...f, pageNum: 1, phone: value.trim() || undefined }))}
          enterButton={t('membership.admin.search')}
        />
      </Flex>
      <Table<InvoiceApplication>
        rowKey="id"
        size="middle"
        columns={mobile ? phoneColumns : desktopColumns}
        showHeader={!mobile}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={mobile ? undefined : { x: 'max-content' }}
        pagination={adminPager(
          filter,
          list.data?.total,
          (next) => setFilter((f) => ({ ...f, ...next })),
          t,
          mobile,
        )}
      />
      <Modal
        open={handling !== null}
        title={t(handling?.status === 2 ? 'membership.invoice.reject' : 'membership.invoice.issue')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setHandling(null)}
        confirmLoading={submitting}
        forceRender
      >
        <Flex vertical gap={12} data-testid="dialog-invoice-handle">
          <Typography.Text>
            {handling
              ? `${handling.row.title} · ${moneyText(handling.row.amount)} · ${handling.row.orderNum}`
              : ''}
          </Typography.Text>
          <Form<{ remark: string }> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
            <Form.Item
              name="remark"
              label={t(
                handling?.status === 2 ? 'membership.invoice.rejectReason' : 'membership.invoice.issueNote',
              )}
              rules={[
                { required: true, whitespace: true, message: t('membership.invoice.handleRemarkRequired') },
              ]}
            >
              <Input.TextArea
                maxLength={200}
                showCount
                autoSize={{ minRows: 2, maxRows: 4 }}
                data-testid="invoice-handle-remark"
              />
            </Form.Item>
          </Form>
        </Flex>
      </Modal>
    </Flex>
  );
}
