import {
  BILL_STATES,
  BILL_TYPES,
  type BillChecks,
  type BillDetail,
  type BillFieldName,
  type BillFields,
  type BillState,
  type BillType,
  emptyBillFields,
} from '@pvplan/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Row,
  Select,
  Space,
  Spin,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/request';
import { useIsMobile } from '../../app/layout/useLayoutMode';
import {
  BILL_FIELD_GROUPS,
  BILL_FIELD_SPECS,
  type BillDisplayUnit,
  type BillFieldSpec,
  type BillFormValues,
  correctionsOf,
  displayUnitOf,
  formValuesOf,
  groupedInputText,
  numberInputText,
  parseGroupedInput,
} from './billForm';
import { useBillDetail, useBillState, useBillType, useSaveBillDetail } from './hooks';

/** What the drawer opens: a bill, or a new manual bill for a file (when recognition found none). */
export type BillReviewTarget =
  | { readonly billId: number }
  | { readonly fileId: number; readonly tableNo: number; readonly fileName: string };

export interface BillReviewDrawerProps {
  readonly projId: string;
  readonly target: BillReviewTarget | null;
  readonly onClose: () => void;
}

/** Review drawer width: the form and the page text side by side. */
export const BILL_REVIEW_WIDTH_PX = 1180;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CHECKS: ReadonlyArray<keyof BillChecks> = [
  'touSumMatchesTotal',
  'powerFactorMatchesEnergy',
  'amountsAddUp',
];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What Form.Item hands its child: the field's value, change handler and id. */
interface FieldControlProps {
  readonly id?: string;
  readonly value?: unknown;
  readonly onChange?: (value: unknown) => void;
}

/**
 * One field's input. Form.Item passes `value`/`onChange` to its direct child, so they are handed on
 * to the antd input here (without them the inputs stayed empty and edits never reached the form).
 */
function FieldInput({
  spec,
  unit,
  id,
  value,
  onChange,
}: { spec: BillFieldSpec; unit: BillDisplayUnit | undefined } & FieldControlProps) {
  const { t } = useTranslation();
  const placeholder = t('bills.placeholder.empty');
  const text = {
    id,
    value: (value ?? undefined) as string | undefined,
    onChange: (event: { target: { value: string } }) => onChange?.(event.target.value),
    allowClear: true,
  };
  switch (spec.input.kind) {
    case 'text':
      return <Input {...text} maxLength={spec.input.maxLength} placeholder={placeholder} />;
    case 'month':
      return <Input {...text} placeholder="YYYY-MM" />;
    case 'date':
      return <Input {...text} placeholder="YYYY-MM-DD" />;
    case 'select':
      return (
        <Select
          id={id}
          value={value ?? undefined}
          onChange={(next) => onChange?.(next ?? null)}
          allowClear
          placeholder={placeholder}
          options={spec.input.options.map((option) => ({
            value: option,
            label: t(`bills.option.${spec.name}.${option}` as 'bills.option.grid.stateGrid'),
          }))}
        />
      );
    case 'number': {
      const precision = spec.input.precision;
      return (
        <InputNumber
          id={id}
          value={(value ?? null) as number | null}
          onChange={(next) => onChange?.(next)}
          style={{ width: '100%' }}
          precision={spec.input.precision}
          min={spec.input.min}
          max={spec.input.max}
          // Thousands separators, as the bill prints the figures ("153,599").
          formatter={(shownValue, typing) => numberInputText(shownValue, precision, typing)}
          // A string, as antd's own example does: an emptied input stays empty (not 0).
          parser={(text) => parseGroupedInput(text) as unknown as number}
          addonAfter={unit ? t(`bills.unit.${unit}`) : undefined}
          placeholder={placeholder}
        />
      );
    }
  }
}

function shown(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Review and correction of every field of a bill (issue 5 "the user reviews and corrects every
 * field"): the fields in five groups as a bill prints them, each showing what was recognised and
 * where it was read when the user changed it; the consistency checks; the page text beside the
 * form; the bill's type and review state. Saving sends the whole set of corrections.
 */
export function BillReviewDrawer({ projId, target, onClose }: BillReviewDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const [form] = Form.useForm<BillFormValues>();
  const billId = target && 'billId' in target ? target.billId : null;
  const detail = useBillDetail(projId, billId);
  const save = useSaveBillDetail(projId);
  const setType = useBillType(projId);
  const setState = useBillState(projId);
  const [error, setError] = useState<string | null>(null);
  const [focused, setFocused] = useState<BillFieldName | null>(null);
  const values = Form.useWatch([], form) as BillFormValues | undefined;
  const basis = values?.basicChargeBasis ?? null;

  const bill: BillDetail | undefined = billId === null ? undefined : detail.data;
  const recognised: BillFields = bill?.recognised ?? emptyBillFields();
  const initial = useMemo(() => formValuesOf(bill?.fields ?? emptyBillFields()), [bill]);

  useEffect(() => {
    setError(null);
    form.resetFields();
    form.setFieldsValue(initial);
  }, [form, initial]);

  const corrections = values ? correctionsOf(values, recognised) : {};
  const touSum = ['sharpKwh', 'peakKwh', 'flatKwh', 'valleyKwh', 'deepValleyKwh'].reduce(
    (sum, name) => sum + (Number(values?.[name as BillFieldName] ?? 0) || 0),
    0,
  );

  const onSave = async () => {
    setError(null);
    try {
      const formValues = await form.validateFields();
      const fields = correctionsOf(formValues, recognised);
      const saveTarget =
        billId !== null ? { id: billId } : { fileId: (target as { fileId: number }).fileId, tableNo: 0 };
      await save.mutateAsync({ target: saveTarget, fields });
      message.success(t('bills.msg.saved'));
      if (billId === null) onClose();
    } catch (e) {
      if (e instanceof ApiError || e instanceof Error) setError(messageOf(e));
    }
  };

  const fileName = bill?.fileName ?? (target && 'fileName' in target ? target.fileName : '');
  const title =
    billId === null
      ? t('bills.review.manualTitle', { name: fileName })
      : t('bills.review.title', { name: fileName });
  const evidenceLine = focused ? bill?.evidence[focused] : undefined;

  const actions = (
    // On a phone the buttons wrap onto a second line rather than run off the screen.
    <Flex wrap gap={8} justify="flex-end">
      {bill && (
        <Button href={bill.fileUrl} target="_blank" rel="noreferrer">
          {t('bills.action.view')}
        </Button>
      )}
      {/* A bill entered by hand has no recognised values to go back to. */}
      {billId !== null && (
        <Button onClick={() => form.setFieldsValue(formValuesOf(recognised))}>
          {t('bills.action.reset')}
        </Button>
      )}
      <Button type="primary" loading={save.isPending} onClick={onSave}>
        {billId === null ? t('bills.action.saveManual') : t('bills.action.save')}
      </Button>
    </Flex>
  );

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      width={`min(${BILL_REVIEW_WIDTH_PX}px, 100vw)`}
      title={title}
      destroyOnHidden
      // On a phone the three buttons would crush the title: they go to the footer there.
      extra={mobile ? undefined : actions}
      footer={mobile ? actions : undefined}
    >
      {billId !== null && detail.isLoading ? (
        <Spin />
      ) : (
        <Row gutter={16}>
          <Col xs={24} lg={15}>
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              <Alert
                type="info"
                showIcon
                message={billId === null ? t('bills.review.manualHint') : t('bills.review.hint')}
              />
              {bill && (
                <Space wrap>
                  {/* Each label stays with its select when the line wraps. */}
                  <Space size={4}>
                    <Typography.Text type="secondary">{t('bills.review.typeLabel')}</Typography.Text>
                    <Select<BillType>
                      aria-label={t('bills.review.typeLabel')}
                      style={{ width: 180 }}
                      value={bill.billType}
                      loading={setType.isPending}
                      options={BILL_TYPES.map((value) => ({
                        value,
                        label: t(`bills.type.${value}` as const),
                      }))}
                      onChange={async (billType) => {
                        await setType.mutateAsync({ id: bill.id, billType });
                        message.success(t('bills.msg.typeSaved'));
                      }}
                    />
                  </Space>
                  <Space size={4}>
                    <Typography.Text type="secondary">{t('bills.review.stateLabel')}</Typography.Text>
                    <Select<BillState>
                      aria-label={t('bills.review.stateLabel')}
                      style={{ width: 140 }}
                      value={bill.state}
                      loading={setState.isPending}
                      options={BILL_STATES.map((value) => ({
                        value,
                        label: t(`bills.state.${value}` as const),
                      }))}
                      onChange={async (state) => {
                        await setState.mutateAsync({ id: bill.id, state });
                        message.success(t('bills.msg.stateSaved'));
                      }}
                    />
                  </Space>
                  <Tag>{t(`bills.source.${bill.source}` as const)}</Tag>
                  {Object.keys(corrections).length > 0 && (
                    <Tag color="orange">
                      {t('bills.corrected', { count: Object.keys(corrections).length })}
                    </Tag>
                  )}
                </Space>
              )}
              {bill &&
                (CHECKS.some((check) => bill.checks[check] === false) ? (
                  CHECKS.filter((check) => bill.checks[check] === false).map((check) => (
                    <Alert key={check} type="warning" showIcon message={t(`bills.check.${check}` as const)} />
                  ))
                ) : CHECKS.some((check) => bill.checks[check] === true) ? (
                  <Alert type="success" showIcon message={t('bills.check.allGood')} />
                ) : null)}
              {error && (
                <Alert type="error" showIcon message={error} closable onClose={() => setError(null)} />
              )}
              <Form<BillFormValues> form={form} layout="vertical" initialValues={initial}>
                {BILL_FIELD_GROUPS.map((group) => (
                  <Card
                    key={group}
                    size="small"
                    title={t(`bills.group.${group}` as const)}
                    style={{ marginBottom: 12 }}
                  >
                    <Row gutter={12}>
                      {BILL_FIELD_SPECS.filter((spec) => spec.group === group).map((spec) => {
                        const corrected = Object.hasOwn(corrections, spec.name);
                        const recognisedValue = shown(recognised[spec.name]);
                        const rules =
                          spec.input.kind === 'month'
                            ? [{ pattern: MONTH, message: t('bills.review.month.invalid') }]
                            : spec.input.kind === 'date'
                              ? [{ pattern: DATE, message: t('bills.review.date.invalid') }]
                              : [];
                        return (
                          <Col xs={24} sm={12} md={8} key={spec.name}>
                            <Form.Item
                              label={
                                <Space size={4}>
                                  <span>{t(`bills.field.${spec.name}` as const)}</span>
                                  {corrected && <Tag color="orange">{t('bills.review.correctedTag')}</Tag>}
                                </Space>
                              }
                              extra={
                                corrected
                                  ? recognisedValue
                                    ? t('bills.review.recognised', { value: recognisedValue })
                                    : t('bills.review.recognisedEmpty')
                                  : spec.name === 'basicPriceYuan' && !basis
                                    ? t('bills.review.basicPriceUnit')
                                    : undefined
                              }
                            >
                              <div onFocusCapture={() => setFocused(spec.name)}>
                                <Form.Item name={spec.name} noStyle rules={rules}>
                                  <FieldInput spec={spec} unit={displayUnitOf(spec, basis)} />
                                </Form.Item>
                              </div>
                            </Form.Item>
                          </Col>
                        );
                      })}
                    </Row>
                    {group === 'energy' && (
                      <Typography.Text type="secondary">
                        {t('bills.review.touSum', { sum: groupedInputText(touSum) })}
                      </Typography.Text>
                    )}
                  </Card>
                ))}
              </Form>
            </Space>
          </Col>
          {/* The page text stays in view beside the form while the form scrolls. */}
          <Col
            xs={24}
            lg={9}
            style={mobile ? undefined : { position: 'sticky', top: 0, alignSelf: 'flex-start' }}
          >
            {evidenceLine && (
              <Alert
                style={{ marginBottom: 12 }}
                type="info"
                message={t('bills.review.evidence', { page: evidenceLine.page + 1, text: evidenceLine.text })}
              />
            )}
            {bill && bill.pages.length > 0 ? (
              bill.pages.map((page) => (
                <Card
                  key={page.pageNo}
                  size="small"
                  title={t('bills.review.pageText', {
                    page: page.pageNo + 1,
                    source: t(`bills.source.${page.source}` as const),
                  })}
                  style={{ marginBottom: 12 }}
                >
                  <List
                    size="small"
                    dataSource={page.lines.map((line, index) => ({ line, index }))}
                    // The page's lines scroll inside the card, which fits the screen beside the form.
                    style={{ maxHeight: 'calc(100vh - 220px)', overflow: 'auto' }}
                    renderItem={({ line, index }) => {
                      const hit =
                        evidenceLine !== undefined &&
                        evidenceLine.page === page.pageNo &&
                        evidenceLine.line === index;
                      return (
                        <List.Item style={{ padding: '2px 4px', background: hit ? '#fff7e6' : undefined }}>
                          <Tooltip title={`#${index + 1}`}>
                            <Typography.Text style={{ fontSize: 12 }}>{line.text}</Typography.Text>
                          </Tooltip>
                        </List.Item>
                      );
                    }}
                  />
                </Card>
              ))
            ) : (
              <Empty description={t('bills.review.noText')} />
            )}
          </Col>
        </Row>
      )}
    </Drawer>
  );
}
