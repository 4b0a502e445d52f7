import { CalculatorOutlined } from '@ant-design/icons';
import { Button, Form, Space, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuotationKind } from '../../../../../api/quotation';
import type { NewAssessmentValues } from '../newAssessment';
import { QuotationModal } from './QuotationModal';
import { type QuotationRecord, quotationInForce, quotationTotalYuan } from './quotationLines';

/** The form fields of a kind: the applied quotation and the capex unit price it writes. */
const FIELDS = {
  pv: { record: 'pvQuotation', price: 'pvCapexYuanPerW' },
  es: { record: 'esQuotation', price: 'esCapexYuanPerWh' },
} as const satisfies Record<
  QuotationKind,
  { record: keyof NewAssessmentValues; price: keyof NewAssessmentValues }
>;

export interface QuotationActionProps {
  readonly kind: QuotationKind;
  readonly projId: string | null;
  /** The size the unit price is per (kWp or kWh); null when the flow does not know it yet. */
  readonly sizeKw: number | null;
}

/**
 * "From an itemised quotation" beside a capex unit price: opens the quotation, and its "apply"
 * writes the server's unit price and keeps the quotation in the form (sent with the economics and
 * saved with the project). A quotation stops applying (and says so) when the size changed since or
 * the user typed another unit price.
 */
export function QuotationAction({ kind, projId, sizeKw }: QuotationActionProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<NewAssessmentValues>();
  const fields = FIELDS[kind];
  const watch = { form, preserve: true } as const;
  const record = Form.useWatch(fields.record, watch) as QuotationRecord | undefined;
  const price = Form.useWatch(fields.price, watch) as number | undefined;
  const [open, setOpen] = useState(false);
  const [detached, setDetached] = useState<QuotationRecord | null>(null);

  // A quotation no longer matching the size or the typed price is dropped (its lines stay at hand).
  useEffect(() => {
    if (!record || sizeKw === null) return;
    if (!quotationInForce(record, price, sizeKw)) {
      setDetached(record);
      form.setFieldValue(fields.record, undefined);
    }
  }, [record, price, sizeKw, form, fields.record]);

  const apply = (applied: QuotationRecord) => {
    form.setFieldsValue({ [fields.record]: applied, [fields.price]: applied.unitPriceYuan });
    void form.validateFields([fields.price]);
    setDetached(null);
    setOpen(false);
  };

  const unit = kind === 'pv' ? 'kWp' : 'kWh';
  const button = (
    <Button
      type="link"
      size="small"
      icon={<CalculatorOutlined />}
      style={{ paddingInline: 0 }}
      disabled={sizeKw === null || !(sizeKw > 0)}
      onClick={() => setOpen(true)}
      data-testid={`quotation-open-${kind}`}
    >
      {t('assessmentFlow.quotation.open')}
    </Button>
  );
  return (
    <Space direction="vertical" size={0}>
      {sizeKw === null || !(sizeKw > 0) ? (
        <Tooltip
          title={t(
            kind === 'pv' ? 'assessmentFlow.quotation.needCapacity' : 'assessmentFlow.quotation.needEnergy',
          )}
        >
          {button}
        </Tooltip>
      ) : (
        button
      )}
      {record ? (
        <Typography.Text type="success" data-testid={`quotation-applied-${kind}`}>
          {t('assessmentFlow.quotation.applied', {
            lines: record.items.length,
            total: Math.round(quotationTotalYuan(record.items)).toLocaleString(),
            size: record.sizeKw,
            unit,
          })}
        </Typography.Text>
      ) : null}
      {!record && detached ? (
        <Typography.Text type="warning" data-testid={`quotation-detached-${kind}`}>
          {t('assessmentFlow.quotation.detached')}
        </Typography.Text>
      ) : null}
      {sizeKw !== null && sizeKw > 0 ? (
        <QuotationModal
          open={open}
          kind={kind}
          projId={projId}
          sizeKw={sizeKw}
          record={record ?? detached ?? undefined}
          onApply={apply}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Space>
  );
}
