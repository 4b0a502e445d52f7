import { REACTIVE_TARGET_PF_RANGE } from '@pvplan/contract';
import { Alert, Button, Col, Form, InputNumber, Radio, Row, Space, Table, Tooltip, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactiveBillMonths } from '../../api/reactivePower';
import type { MessageKey } from '../../locales/resources';
import {
  type BillFillReport,
  billPowerFactor,
  cellProblem,
  fillFromBills,
  formProblems,
  hoursProblem,
  POWER_FACTOR_STANDARDS,
  problemValues,
  type ReactiveFormValues,
  type ReactiveRow,
  ROW_FIELDS,
  type RowField,
  targetProblem,
  transformerProblem,
} from './reactiveForm';

export interface ReactiveFormProps {
  readonly initial: ReactiveFormValues;
  readonly running: boolean;
  readonly onRun: (values: ReactiveFormValues) => void;
  /** The project's confirmed bills by month (undefined while loading or when unreadable). */
  readonly bills?: ReactiveBillMonths | undefined;
}

const UNIT: Record<RowField, string> = { activeKwh: 'kWh', reactiveKvarh: 'kvarh', chargeBaseYuan: '' };

/**
 * The bill figures of the reactive assessment: the year, the standard, the transformer, the target
 * PF and hours, and per calendar month the active and reactive energy and the charge the adjustment
 * applies to. Months left empty are not assessed; a half-filled month is an error.
 */
export function ReactiveForm({ initial, running, onRun, bills }: ReactiveFormProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<ReactiveFormValues>();
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [fillReport, setFillReport] = useState<BillFillReport | null>(null);
  const billMonths = bills?.months.length ?? 0;

  const fill = () => {
    if (!bills) return;
    const out = fillFromBills(form.getFieldsValue(true) as ReactiveFormValues, bills);
    if (!out) return;
    form.setFieldsValue(out.values as ReactiveFormValues);
    setFormError(null);
    setFillReport(out.report);
  };
  const rows = (Form.useWatch('rows', form) ?? initial.rows) as ReactiveRow[];

  const message = (key: MessageKey | null) =>
    key ? Promise.reject(new Error(t(key, problemValues(key, i18n.language)))) : Promise.resolve();
  const cellRule =
    (index: number, field: RowField): Rule =>
    ({ getFieldValue }) => ({
      validator: () => message(cellProblem(getFieldValue(['rows', index]) as ReactiveRow, field)),
    });

  const submit = async () => {
    setFormError(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as ReactiveFormValues;
    const problems = formProblems(values);
    if (problems.length > 0) {
      setFormError(problems[0]?.key ?? null);
      return;
    }
    onRun(values);
  };

  const cell = (field: RowField) => (_: unknown, __: ReactiveRow, index: number) => (
    <Form.Item
      name={['rows', index, field]}
      rules={[cellRule(index, field)]}
      dependencies={ROW_FIELDS.filter((other) => other !== field).map((other) => ['rows', index, other])}
      style={{ margin: 0 }}
    >
      <InputNumber
        min={0}
        style={{ width: '100%', minWidth: 112 }}
        placeholder={UNIT[field] || t('reactivePower.unit.yuan')}
        data-testid={`reactive-${field}-${index + 1}`}
        onChange={() => setFormError(null)}
      />
    </Form.Item>
  );

  return (
    <Form form={form} layout="vertical" initialValues={initial} data-testid="reactive-form">
      <Row gutter={16}>
        <Col xs={24} md={8} lg={4}>
          <Form.Item
            name="year"
            label={t('reactivePower.field.year')}
            rules={[{ required: true, message: t('reactivePower.error.yearRequired') }]}
          >
            <InputNumber
              min={2000}
              max={2100}
              precision={0}
              style={{ width: '100%' }}
              data-testid="reactive-year"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16} lg={6}>
          <Form.Item
            name="standardPf"
            label={t('reactivePower.field.standardPf')}
            tooltip={t('reactivePower.field.standardPfHint')}
          >
            <Radio.Group optionType="button" data-testid="reactive-standard">
              {POWER_FACTOR_STANDARDS.map((standard) => (
                <Radio.Button key={standard} value={standard}>
                  <span data-testid={`reactive-standard-${standard}`}>{standard.toFixed(2)}</span>
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col xs={24} md={8} lg={5}>
          <Form.Item
            name="transformerKva"
            label={t('reactivePower.field.transformerKva')}
            rules={[{ validator: (_, value: number | null) => message(transformerProblem(value)) }]}
          >
            <InputNumber
              min={0}
              style={{ width: '100%' }}
              addonAfter="kVA"
              placeholder={t('reactivePower.field.optional')}
              data-testid="reactive-transformer"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8} lg={4}>
          <Form.Item
            name="targetPf"
            label={t('reactivePower.field.targetPf')}
            tooltip={t('reactivePower.field.targetPfHint')}
            dependencies={['standardPf']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: number | null) =>
                  message(targetProblem(value, getFieldValue('standardPf') as number)),
              }),
            ]}
          >
            <InputNumber
              step={0.01}
              min={0}
              max={REACTIVE_TARGET_PF_RANGE.max}
              style={{ width: '100%' }}
              data-testid="reactive-target"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8} lg={5}>
          <Form.Item
            name="operatingHours"
            label={t('reactivePower.field.operatingHours')}
            tooltip={t('reactivePower.field.operatingHoursHint')}
            rules={[{ validator: (_, value: number | null) => message(hoursProblem(value)) }]}
          >
            <InputNumber
              min={0}
              precision={0}
              style={{ width: '100%' }}
              addonAfter={t('reactivePower.unit.hoursPerMonth')}
              data-testid="reactive-hours"
            />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary">{t('reactivePower.form.monthsHint')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Tooltip title={billMonths === 0 ? t('reactivePower.bills.none') : t('reactivePower.bills.hint')}>
          <Button onClick={fill} disabled={billMonths === 0} data-testid="reactive-fill-bills">
            {t('reactivePower.bills.fill')}
          </Button>
        </Tooltip>
        {bills && (bills.toReviewBills > 0 || bills.undatedBills > 0) ? (
          <Typography.Text type="secondary" data-testid="reactive-bills-unused">
            {[
              bills.toReviewBills > 0
                ? t('reactivePower.bills.toReview', { count: bills.toReviewBills })
                : '',
              bills.undatedBills > 0 ? t('reactivePower.bills.undated', { count: bills.undatedBills }) : '',
            ]
              .filter(Boolean)
              .join(' ')}
          </Typography.Text>
        ) : null}
      </Space>
      {fillReport ? (
        <Alert
          type={fillReport.missing.length > 0 ? 'warning' : 'success'}
          showIcon
          closable
          onClose={() => setFillReport(null)}
          style={{ marginBottom: 12 }}
          data-testid="reactive-fill-report"
          message={t('reactivePower.bills.filled', {
            months: fillReport.filled.join(t('reactivePower.bills.listSeparator')),
            year: fillReport.year,
          })}
          description={
            <>
              {fillReport.yearChanged ? (
                <div>{t('reactivePower.bills.yearChanged', { year: fillReport.year })}</div>
              ) : null}
              {fillReport.missing.map((entry) => (
                <div key={entry.month} data-testid="reactive-fill-missing">
                  {t('reactivePower.bills.missing', {
                    month: entry.month,
                    fields: entry.fields
                      .map((field) => t(`reactivePower.bills.field.${field}`))
                      .join(t('reactivePower.bills.listSeparator')),
                  })}
                </div>
              ))}
              {fillReport.otherYears.length > 0 ? (
                <div data-testid="reactive-fill-other-years">
                  {t('reactivePower.bills.otherYears', {
                    months: fillReport.otherYears.join(t('reactivePower.bills.listSeparator')),
                  })}
                </div>
              ) : null}
              {fillReport.standardPf !== null ? (
                <div>{t('reactivePower.bills.standard', { standard: fillReport.standardPf.toFixed(2) })}</div>
              ) : null}
              {fillReport.transformerKva !== null ? (
                <div>{t('reactivePower.bills.transformer', { kva: fillReport.transformerKva })}</div>
              ) : null}
            </>
          }
        />
      ) : null}
      <Table<ReactiveRow>
        size="small"
        pagination={false}
        rowKey="month"
        dataSource={initial.rows as ReactiveRow[]}
        // A phone scrolls the table rather than squeezing the inputs below a readable width.
        scroll={{ x: 'max-content' }}
        data-testid="reactive-month-inputs"
        columns={[
          {
            key: 'month',
            title: t('reactivePower.column.month'),
            width: 90,
            fixed: 'left',
            render: (_, row) => t('reactivePower.monthName', { month: row.month }),
          },
          {
            key: 'activeKwh',
            title: t('reactivePower.column.activeKwh'),
            render: cell('activeKwh'),
          },
          {
            key: 'reactiveKvarh',
            title: t('reactivePower.column.reactiveKvarh'),
            render: cell('reactiveKvarh'),
          },
          {
            key: 'chargeBaseYuan',
            title: t('reactivePower.column.chargeBase'),
            render: cell('chargeBaseYuan'),
          },
          {
            key: 'billPf',
            title: t('reactivePower.column.billPf'),
            width: 120,
            render: (_, __, index) => {
              const row = rows[index];
              const pf = billPowerFactor(row?.activeKwh, row?.reactiveKvarh);
              return (
                <span data-testid={`reactive-bill-pf-${index + 1}`}>{pf === null ? '-' : pf.toFixed(3)}</span>
              );
            },
          },
        ]}
      />
      {formError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          message={t(formError, problemValues(formError, i18n.language))}
          data-testid="reactive-form-error"
        />
      ) : null}
      <Button
        type="primary"
        style={{ marginTop: 16 }}
        loading={running}
        onClick={submit}
        data-testid="reactive-run"
      >
        {t('reactivePower.run')}
      </Button>
    </Form>
  );
}
