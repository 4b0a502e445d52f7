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
import { formatDateTime } from '../../../components/dialogs/format';
import { FIRST_PAGE, pagerOf } from '../../../components/dialogs/paging';
import { InvoiceStatusTag, noWrap } from '../InvoiceApplication';
import { useOrderPackageName } from '../packageNames';

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
  const [filter, setFilter] = useState<InvoiceSearchBody>({ ...FIRST_PAGE, status: 0 });
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

  const columns: TableColumnsType<InvoiceApplication> = [
    {
      title: t('membership.admin.user'),
      key: 'user',
      render: (_: unknown, row) => noWrap(`${row.userName} ${row.phone ?? ''}`),
    },
    { title: t('membership.pay.orderNum'), dataIndex: 'orderNum', render: noWrap },
    { title: t('membership.admin.name'), key: 'vipName', render: (_: unknown, row) => packageName(row) },
    {
      title: t('membership.admin.price'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: string) => `¥${v}`,
    },
    {
      title: t('membership.invoice.title'),
      key: 'title',
      render: (_: unknown, row) => (
        <Flex vertical>
          <Typography.Text>{row.title}</Typography.Text>
          {row.taxNo ? <Typography.Text type="secondary">{row.taxNo}</Typography.Text> : null}
        </Flex>
      ),
    },
    { title: t('membership.invoice.email'), dataIndex: 'email' },
    { title: t('membership.invoice.remark'), dataIndex: 'remark', width: 160 },
    {
      title: t('membership.admin.status'),
      dataIndex: 'status',
      render: (status: InvoiceStatus) => <InvoiceStatusTag status={status} />,
    },
    { title: t('membership.invoice.handleRemark'), dataIndex: 'handleRemark', width: 160 },
    {
      title: t('membership.invoice.createTime'),
      dataIndex: 'createTime',
      render: (value: string) => noWrap(formatDateTime(value)),
    },
    {
      title: t('dialogs.common.actions'),
      key: 'actions',
      fixed: 'right',
      hidden: props.readOnly === true,
      render: (_: unknown, row) =>
        row.status !== 0 ? null : (
          <Flex gap={4}>
            <Button
              type="link"
              size="small"
              onClick={() => open(row, 1)}
              data-testid={`invoice-issue-${row.id}`}
            >
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
        ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="invoice-admin">
      <Flex gap={8} wrap>
        <Select<InvoiceStatus | undefined>
          allowClear
          placeholder={t('membership.admin.status')}
          style={{ width: 140 }}
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
          style={{ width: 240 }}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          onSearch={(value) => setFilter((f) => ({ ...f, pageNum: 1, phone: value.trim() || undefined }))}
          enterButton={t('membership.admin.search')}
        />
      </Flex>
      <Table<InvoiceApplication>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={pagerOf(filter, list.data?.total, (next) => setFilter((f) => ({ ...f, ...next })))}
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
            {handling ? `${handling.row.title} · ¥${handling.row.amount} · ${handling.row.orderNum}` : ''}
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
