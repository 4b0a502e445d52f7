import { InboxOutlined } from '@ant-design/icons';
import {
  BILL_MAX_FILE_BYTES,
  BILL_MAX_FILES_PER_UPLOAD,
  type BillFileState,
  type BillFileView,
  type BillState,
  type BillSummary,
} from '@pvplan/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Popconfirm,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  theme,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../app/layout/useLayoutMode';
import { BillReviewDrawer, type BillReviewTarget } from './BillReviewDrawer';
import { isRecognising } from './billForm';
import {
  useBillFiles,
  useBillState,
  useDeleteBill,
  useDeleteBillFile,
  useRecogniseBill,
  useUploadBills,
} from './hooks';

export interface BillsPanelProps {
  readonly projId: string;
}

const FILE_STATE_COLORS: Record<BillFileState, string> = {
  uploaded: 'default',
  queued: 'processing',
  recognising: 'processing',
  recognised: 'success',
  failed: 'error',
};

const BILL_STATE_COLORS: Record<BillState, string> = {
  toReview: 'gold',
  confirmed: 'green',
  ignored: 'default',
};

const MAX_MB = BILL_MAX_FILE_BYTES / 1024 / 1024;

/** Widths of the bill tables' columns: the tables of every file line up under each other. */
const BILL_COLUMN_PX = { month: 88, type: 150, review: 120, energy: 110, amount: 130 } as const;
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.bmp,application/pdf,image/png,image/jpeg,image/webp,image/bmp';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const formatNumber = (value: number | null, digits = 0) =>
  value === null
    ? '—'
    : value.toLocaleString('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * Electricity bills of a project (issue 5 "Electricity bills"): upload PDFs or images, watch the
 * recognition, list the bills read from each file with their type and review state, open the
 * review form, re-run recognition, enter a bill by hand when none was found, delete.
 */
export function BillsPanel({ projId }: BillsPanelProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const mobile = useIsMobile();
  const files = useBillFiles(projId);
  const upload = useUploadBills(projId);
  const recognise = useRecogniseBill(projId);
  const removeFile = useDeleteBillFile(projId);
  const removeBill = useDeleteBill(projId);
  const setState = useBillState(projId);
  const [error, setError] = useState<string | null>(null);
  const [review, setReview] = useState<BillReviewTarget | null>(null);
  // Files whose bills the user folded away; every other file with bills shows them (a file's bills
  // arrive after the upload, when a table's defaultExpandAllRows has already been applied).
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());

  const uploadFiles = async (chosen: File[]) => {
    setError(null);
    const tooLarge = chosen.find((file) => file.size > BILL_MAX_FILE_BYTES);
    if (tooLarge) {
      setError(t('bills.upload.tooLarge', { name: tooLarge.name, maxMb: MAX_MB }));
      return;
    }
    try {
      const result = await upload.mutateAsync(chosen);
      message.success(t('bills.upload.done', { count: result.files.length }));
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const run = async (file: BillFileView, again: boolean, keepCorrections = true) => {
    try {
      await recognise.mutateAsync({ id: file.id, again, keepCorrections });
      message.success(t('bills.msg.queued'));
    } catch {
      // The request layer has shown the server's message (e.g. 电费单正在识别中).
    }
  };

  /** What can be done with one bill of a file: review, confirm or ignore, delete. */
  const billActions = (file: BillFileView, bill: BillSummary) => (
    <Space size={4} wrap>
      <Button size="small" type="primary" onClick={() => setReview({ billId: bill.id })}>
        {t('bills.action.review')}
      </Button>
      {bill.state !== 'confirmed' && (
        <Button size="small" onClick={() => setState.mutate({ id: bill.id, state: 'confirmed' })}>
          {t('bills.action.confirm')}
        </Button>
      )}
      {bill.state !== 'ignored' ? (
        <Button size="small" onClick={() => setState.mutate({ id: bill.id, state: 'ignored' })}>
          {t('bills.action.ignore')}
        </Button>
      ) : (
        <Button size="small" onClick={() => setState.mutate({ id: bill.id, state: 'toReview' })}>
          {t('bills.action.toReview')}
        </Button>
      )}
      <Popconfirm title={t('bills.confirm.deleteBill')} onConfirm={() => removeBill.mutate(bill.id)}>
        <Button size="small" danger disabled={isRecognising(file.state)}>
          {t('bills.action.deleteBill')}
        </Button>
      </Popconfirm>
    </Space>
  );

  /** The bill's month, or its place in the file when no month was read. */
  const billMonth = (bill: BillSummary) => bill.billMonth ?? t('bills.col.table', { no: bill.tableNo + 1 });

  /** The bill's review state, and how many fields the user corrected. */
  const billReview = (bill: BillSummary) => (
    <Space size={4} wrap>
      <Tag color={BILL_STATE_COLORS[bill.state]}>{t(`bills.state.${bill.state}` as const)}</Tag>
      {bill.correctedCount > 0 && (
        <Tag color="orange">{t('bills.corrected', { count: bill.correctedCount })}</Tag>
      )}
    </Space>
  );

  const billType = (bill: BillSummary) => <Tag color="blue">{t(`bills.type.${bill.billType}` as const)}</Tag>;

  /**
   * Phones: each file a card, its bills one under another (month, type, state, figures, actions)
   * instead of a table to scroll sideways.
   */
  const fileCards = (list: readonly BillFileView[]) =>
    list.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bills.files.empty')} />
    ) : (
      <Flex vertical gap={12}>
        {list.map((file) => (
          <Card
            key={file.id}
            size="small"
            type="inner"
            title={
              <Typography.Link
                href={file.fileUrl}
                target="_blank"
                rel="noreferrer"
                style={{ whiteSpace: 'normal', wordBreak: 'break-all' }}
              >
                {file.fileName}
              </Typography.Link>
            }
          >
            <Flex vertical gap={8}>
              {fileState(file)}
              {file.bills.map((bill) => (
                <Flex
                  key={bill.id}
                  vertical
                  gap={6}
                  style={{ borderTop: `1px solid ${token.colorSplit}`, paddingTop: 8 }}
                >
                  <Flex wrap gap={4} align="center">
                    <Typography.Text strong style={{ marginInlineEnd: 4 }}>
                      {billMonth(bill)}
                    </Typography.Text>
                    {billType(bill)}
                    {billReview(bill)}
                  </Flex>
                  <Typography.Text type="secondary">
                    {t('bills.card.figures', {
                      kwh: formatNumber(bill.totalKwh),
                      yuan: formatNumber(bill.totalAmountYuan, 2),
                      source: t(`bills.source.${bill.source}` as const),
                    })}
                  </Typography.Text>
                  {billActions(file, bill)}
                </Flex>
              ))}
              <div style={{ borderTop: `1px solid ${token.colorSplit}`, paddingTop: 8 }}>
                {fileActions(file)}
              </div>
            </Flex>
          </Card>
        ))}
      </Flex>
    );

  /** A file's recognition state, with what went wrong or what was left out. */
  const fileState = (file: BillFileView) => (
    <Space direction="vertical" size={0}>
      <Tag color={FILE_STATE_COLORS[file.state]}>{t(`bills.fileState.${file.state}` as const)}</Tag>
      {file.errorMsg && <Typography.Text type="danger">{file.errorMsg}</Typography.Text>}
      {file.noBillPages.length > 0 && file.state === 'recognised' && (
        <Typography.Text type="secondary">
          {t('bills.noBillPages', {
            pages: file.noBillPages.map((p) => p + 1).join(t('bills.pageSeparator')),
          })}
        </Typography.Text>
      )}
      {file.recognitionMs !== null && file.state === 'recognised' && (
        <Typography.Text type="secondary">
          {t('bills.recognitionTime', { seconds: (file.recognitionMs / 1000).toFixed(1) })}
        </Typography.Text>
      )}
    </Space>
  );

  /** What can be done with a file: recognise (again), enter by hand, delete. */
  const fileActions = (file: BillFileView) => (
    <Space size={4} wrap>
      {file.state === 'uploaded' ? (
        <Button size="small" onClick={() => run(file, false)}>
          {t('bills.action.recognise')}
        </Button>
      ) : (
        <Button size="small" disabled={isRecognising(file.state)} onClick={() => run(file, true)}>
          {t('bills.action.rerun')}
        </Button>
      )}
      {file.bills.some((bill) => bill.correctedCount > 0) && (
        <Button
          size="small"
          disabled={isRecognising(file.state)}
          onClick={() =>
            modal.confirm({
              title: t('bills.confirm.rerunFresh'),
              onOk: () => run(file, true, false),
            })
          }
        >
          {t('bills.action.rerunFresh')}
        </Button>
      )}
      {file.state === 'failed' && file.bills.length === 0 && (
        <Button
          size="small"
          type="primary"
          onClick={() => setReview({ fileId: file.id, tableNo: 0, fileName: file.fileName })}
        >
          {t('bills.action.manual')}
        </Button>
      )}
      <Popconfirm
        title={t('bills.confirm.deleteFile')}
        onConfirm={async () => {
          await removeFile.mutateAsync(file.id);
          message.success(t('bills.msg.deleted'));
        }}
      >
        <Button size="small" danger>
          {t('bills.action.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );

  const billColumns = (file: BillFileView) => [
    {
      title: t('bills.col.month'),
      dataIndex: 'billMonth',
      width: BILL_COLUMN_PX.month,
      render: (_: string | null, bill: BillSummary) => billMonth(bill),
    },
    {
      title: `${t('bills.col.type')} · ${t('bills.col.source')}`,
      dataIndex: 'billType',
      width: BILL_COLUMN_PX.type,
      // Where the figures were read from, under the type: one column less to scroll past.
      render: (_: BillSummary['billType'], bill: BillSummary) => (
        <Flex vertical align="flex-start" gap={2}>
          {billType(bill)}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`bills.source.${bill.source}` as const)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('bills.col.review'),
      dataIndex: 'state',
      width: BILL_COLUMN_PX.review,
      render: (_: BillState, bill: BillSummary) => billReview(bill),
    },
    {
      title: t('bills.col.totalKwh'),
      dataIndex: 'totalKwh',
      width: BILL_COLUMN_PX.energy,
      align: 'right' as const,
      render: (value: number | null) => formatNumber(value),
    },
    {
      title: t('bills.col.amount'),
      dataIndex: 'totalAmountYuan',
      width: BILL_COLUMN_PX.amount,
      align: 'right' as const,
      render: (value: number | null) => formatNumber(value, 2),
    },
    {
      key: 'actions',
      title: t('bills.col.actions'),
      render: (_: unknown, bill: BillSummary) => billActions(file, bill),
    },
  ];

  const list = files.data ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('bills.upload.title')} size="small">
        <Upload.Dragger
          multiple
          accept={ACCEPT}
          showUploadList={false}
          disabled={upload.isPending}
          beforeUpload={(file, batch) => {
            if (file === batch[batch.length - 1])
              void uploadFiles(batch.slice(0, BILL_MAX_FILES_PER_UPLOAD) as File[]);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {upload.isPending ? t('bills.upload.uploading') : t('bills.upload.drag')}
          </p>
          <p className="ant-upload-hint">
            {t('bills.upload.hint', { maxMb: MAX_MB, maxFiles: BILL_MAX_FILES_PER_UPLOAD })}
          </p>
        </Upload.Dragger>
        {error && (
          <Alert
            type="error"
            showIcon
            message={error}
            style={{ marginTop: 12 }}
            closable
            onClose={() => setError(null)}
          />
        )}
      </Card>

      <Card title={t('bills.files.title')} size="small">
        {mobile ? (
          <Spin spinning={files.isLoading}>{fileCards(list)}</Spin>
        ) : (
          <Table<BillFileView>
            size="small"
            rowKey="id"
            loading={files.isLoading}
            pagination={false}
            dataSource={list}
            // Phones: the tables scroll sideways instead of spilling out of the card.
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('bills.files.empty') }}
            expandable={{
              rowExpandable: (file) => file.bills.length > 0,
              expandedRowKeys: list
                .filter((file) => file.bills.length > 0 && !collapsed.has(String(file.id)))
                .map((file) => file.id),
              onExpand: (expanded, file) =>
                setCollapsed((previous) => {
                  const next = new Set(previous);
                  if (expanded) next.delete(String(file.id));
                  else next.add(String(file.id));
                  return next;
                }),
              expandedRowRender: (file) => (
                <Table<BillSummary>
                  size="small"
                  rowKey="id"
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  dataSource={file.bills}
                  columns={billColumns(file)}
                />
              ),
            }}
            columns={[
              {
                title: t('bills.col.file'),
                dataIndex: 'fileName',
                width: 220,
                render: (name: string, file) => (
                  <Typography.Link href={file.fileUrl} target="_blank" rel="noreferrer">
                    {name}
                  </Typography.Link>
                ),
              },
              {
                title: t('bills.col.state'),
                dataIndex: 'state',
                // Room for a recognition failure, which says what to do, on a few lines.
                width: 320,
                render: (_: BillFileState, file) => fileState(file),
              },
              {
                key: 'actions',
                title: t('bills.col.actions'),
                width: 320,
                render: (_: unknown, file) => fileActions(file),
              },
            ]}
          />
        )}
      </Card>

      <BillReviewDrawer projId={projId} target={review} onClose={() => setReview(null)} />
    </Space>
  );
}
