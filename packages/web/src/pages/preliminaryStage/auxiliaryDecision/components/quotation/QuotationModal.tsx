import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Descriptions,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  calculateQuoteUnitPrice,
  getQuotationList,
  type QuotationKind,
  type QuoteUnitPrice,
} from '../../../../../api/quotation';
import {
  emptyLine,
  formUnitPriceOf,
  issueValues,
  itemsOfLines,
  linesOfItems,
  linesOfTemplate,
  lineTotalYuan,
  MAX_NAME_CHARS,
  MAX_UNIT_CHARS,
  type QuotationErrorCode,
  type QuotationIssue,
  type QuotationLine,
  type QuotationRecord,
  quotationIssues,
  quotationTotalYuan,
  sizeUnitOf,
  unitPriceIssue,
  VAT_RATES,
} from './quotationLines';

export interface QuotationModalProps {
  readonly open: boolean;
  readonly kind: QuotationKind;
  readonly projId: string | null;
  /** The size the unit price is per: kWp (pv) or kWh (es). */
  readonly sizeKw: number;
  /** The quotation applied before, if any (else the project's saved one or the server's default). */
  readonly record: QuotationRecord | undefined;
  readonly onApply: (record: QuotationRecord) => void;
  readonly onClose: () => void;
}

const yuan = (value: number, digits = 2) =>
  value.toLocaleString(undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * The itemised quotation of PV (per W) or storage (per Wh): the server's default lines
 * (getQuotationList) or the ones applied before, editable (quantity, unit price, VAT, name, unit),
 * lines added and removed, line totals and the total; the unit price is the server's
 * (calculateQuoteUnitPrice) and "apply" writes it into the capex field.
 */
export function QuotationModal({
  open,
  kind,
  projId,
  sizeKw,
  record,
  onApply,
  onClose,
}: QuotationModalProps) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  const sizeUnit = sizeUnitOf(kind);
  const [lines, setLines] = useState<QuotationLine[]>([]);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [issues, setIssues] = useState<QuotationIssue[]>([]);
  const [priceIssue, setPriceIssue] = useState<QuotationErrorCode | null>(null);
  const [result, setResult] = useState<QuoteUnitPrice | null>(null);

  // Lines when the modal opens: the applied quotation, else the project's saved one, else the default.
  useEffect(() => {
    if (!open) return;
    setIssues([]);
    setPriceIssue(null);
    setResult(null);
    if (record) {
      setLines(linesOfItems(record.items));
      return;
    }
    let cancelled = false;
    setLoading(true);
    getQuotationList(kind, projId ?? undefined)
      .then((list) => {
        if (cancelled) return;
        setLines(
          list.saved && list.saved.length > 0
            ? linesOfItems(list.saved)
            : linesOfTemplate(list, sizeKw, english),
        );
      })
      .catch(() => {
        // The request layer has shown the message; the user may add lines by hand.
        if (!cancelled) setLines([]);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [open, record, kind, projId, sizeKw, english]);

  const change = (index: number, patch: Partial<QuotationLine>) => {
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...patch } : line)));
    setResult(null);
    setPriceIssue(null);
  };
  const remove = (index: number) => {
    setLines((current) => current.filter((_, i) => i !== index));
    setResult(null);
  };
  const add = () => {
    setLines((current) => [...current, emptyLine(t('assessmentFlow.quotation.unitSet'))]);
    setResult(null);
  };

  /** The server's totals and unit price of the lines; null when a line is wrong or the call failed. */
  const calculate = async (): Promise<QuoteUnitPrice | null> => {
    const found = quotationIssues(lines);
    setIssues(found);
    if (found.length > 0) return null;
    setBusy(true);
    try {
      const answer = await calculateQuoteUnitPrice({
        kind,
        ...(projId ? { projId } : {}),
        ...(kind === 'pv' ? { capacityKwp: sizeKw } : { energyKwh: sizeKw }),
        items: itemsOfLines(lines),
      });
      setResult(answer);
      const issue = unitPriceIssue(answer.unitPriceYuan, kind);
      setPriceIssue(issue);
      return issue ? null : answer;
    } catch {
      // The request layer has shown the server's message.
      return null;
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    const answer = result && !priceIssue ? result : await calculate();
    if (!answer || answer.unitPriceYuan === null) return;
    onApply({
      items: answer.items.map(({ amountYuan: _, ...item }) => item),
      sizeKw,
      unitPriceYuan: formUnitPriceOf(answer.unitPriceYuan),
    });
  };

  const fieldError = (index: number, field: QuotationIssue['field']) =>
    issues.some((issue) => issue.line === index && issue.field === field) ? 'error' : undefined;

  const columns = [
    {
      key: 'name',
      title: t('assessmentFlow.quotation.column.name'),
      render: (_: unknown, line: QuotationLine, index: number) => (
        <Input
          value={line.name}
          maxLength={MAX_NAME_CHARS}
          status={fieldError(index, 'name')}
          onChange={(event) => change(index, { name: event.target.value })}
          data-testid={`quotation-name-${index}`}
        />
      ),
    },
    {
      key: 'quantity',
      title: t('assessmentFlow.quotation.column.quantity'),
      width: 150,
      render: (_: unknown, line: QuotationLine, index: number) => (
        <InputNumber
          value={line.quantity}
          min={0}
          status={fieldError(index, 'quantity')}
          style={{ width: '100%' }}
          onChange={(value) => change(index, { quantity: typeof value === 'number' ? value : null })}
          data-testid={`quotation-quantity-${index}`}
        />
      ),
    },
    {
      key: 'unit',
      title: t('assessmentFlow.quotation.column.unit'),
      width: 80,
      render: (_: unknown, line: QuotationLine, index: number) => (
        <Input
          value={line.unit}
          maxLength={MAX_UNIT_CHARS}
          onChange={(event) => change(index, { unit: event.target.value })}
        />
      ),
    },
    {
      key: 'unitPriceYuan',
      title: t('assessmentFlow.quotation.column.unitPrice'),
      width: 130,
      render: (_: unknown, line: QuotationLine, index: number) => (
        <InputNumber
          value={line.unitPriceYuan}
          min={0}
          status={fieldError(index, 'unitPriceYuan')}
          style={{ width: '100%' }}
          onChange={(value) => change(index, { unitPriceYuan: typeof value === 'number' ? value : null })}
          data-testid={`quotation-price-${index}`}
        />
      ),
    },
    {
      key: 'vatRate',
      title: t('assessmentFlow.quotation.column.vat'),
      width: 90,
      render: (_: unknown, line: QuotationLine, index: number) => (
        <Select
          value={line.vatRate}
          style={{ width: '100%' }}
          options={[...new Set([...VAT_RATES, line.vatRate])].map((rate) => ({
            value: rate,
            label: `${Math.round(rate * 1000) / 10}%`,
          }))}
          onChange={(value: number) => change(index, { vatRate: value })}
        />
      ),
    },
    {
      key: 'total',
      title: t('assessmentFlow.quotation.column.total'),
      width: 140,
      align: 'right' as const,
      render: (_: unknown, line: QuotationLine, index: number) => (
        <span data-testid={`quotation-line-total-${index}`}>{yuan(lineTotalYuan(line))}</span>
      ),
    },
    {
      key: 'remove',
      width: 48,
      render: (_: unknown, _line: QuotationLine, index: number) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('assessmentFlow.quotation.remove')}
          onClick={() => remove(index)}
          data-testid={`quotation-remove-${index}`}
        />
      ),
    },
  ];

  const messages = [
    ...new Set(
      [...issues, ...(priceIssue ? [{ code: priceIssue }] : [])].map((issue) =>
        t(`assessmentFlow.quotation.error.${issue.code}`, issueValues(issue, kind, i18n.language)),
      ),
    ),
  ];

  return (
    <Modal
      open={open}
      width={1000}
      title={t(kind === 'pv' ? 'assessmentFlow.quotation.titlePv' : 'assessmentFlow.quotation.titleEs')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('assessmentFlow.quotation.cancel')}
        </Button>,
        <Button
          key="calculate"
          loading={busy}
          onClick={() => void calculate()}
          data-testid="quotation-calculate"
        >
          {t('assessmentFlow.quotation.calculate')}
        </Button>,
        <Button
          key="apply"
          type="primary"
          loading={busy}
          onClick={() => void apply()}
          data-testid="quotation-apply"
        >
          {t('assessmentFlow.quotation.apply')}
        </Button>,
      ]}
    >
      <div data-testid="quotation-modal">
        <Typography.Paragraph type="secondary">
          {t('assessmentFlow.quotation.hint', { size: sizeKw, unit: kind === 'pv' ? 'kWp' : 'kWh' })}
        </Typography.Paragraph>
        <Spin spinning={loading}>
          <Table<QuotationLine>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={lines}
            columns={columns}
            scroll={{ y: 360 }}
          />
        </Spin>
        <Space style={{ marginTop: 12, justifyContent: 'space-between', width: '100%' }}>
          <Button icon={<PlusOutlined />} onClick={add} data-testid="quotation-add">
            {t('assessmentFlow.quotation.add')}
          </Button>
          <Typography.Text strong>
            {t('assessmentFlow.quotation.total')}:{' '}
            <span data-testid="quotation-total">{yuan(quotationTotalYuan(lines))}</span>
          </Typography.Text>
        </Space>
        {messages.length > 0 ? (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 12 }}
            data-testid="quotation-errors"
            message={
              <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                {messages.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            }
          />
        ) : null}
        {result ? (
          <Descriptions
            size="small"
            bordered
            column={2}
            style={{ marginTop: 12 }}
            data-testid="quotation-result"
          >
            <Descriptions.Item label={t('assessmentFlow.quotation.serverTotal')}>
              <span data-testid="quotation-server-total">{yuan(result.totalYuan)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('assessmentFlow.quotation.inputVat')}>
              {yuan(result.inputVatYuan)}
            </Descriptions.Item>
            <Descriptions.Item label={t('assessmentFlow.quotation.unitPrice', { unit: sizeUnit })} span={2}>
              <span data-testid="quotation-unit-price">
                {result.unitPriceYuan === null ? '—' : formUnitPriceOf(result.unitPriceYuan)}
              </span>
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </div>
    </Modal>
  );
}
