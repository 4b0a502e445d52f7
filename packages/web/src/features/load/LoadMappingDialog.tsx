import { LOAD_UNITS, type LoadFileRules, type LoadHeaderView } from '@pvplan/contract';
import { Alert, Col, Form, InputNumber, Modal, Radio, Row, Select, Spin, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseNetLoadHeader } from '../../api/load';
import { ApiError } from '../../api/request';
import { useFileHeader, useUpdateFileRules } from './hooks';

export interface LoadMappingDialogProps {
  readonly projId: string;
  /** The file to map; null closes the dialog. */
  readonly fileId: number | null;
  readonly fileName: string;
  readonly onClose: (confirmed: boolean) => void;
}

type FormValues = Omit<
  LoadFileRules,
  'stepMinutes' | 'timeColumn' | 'serialColumn' | 'selectedSerials' | 'slotMinutes'
> & {
  stepMinutes: 0 | 15 | 30 | 60;
  timeColumn: number;
  serialColumn: number;
  selectedSerials: string[];
};

/** Grid columns of the dialog's fields: four a row on a laptop, two on a tablet, one on a phone. */
const FIELD = { xs: 24, sm: 12, md: 6 } as const;
const SMALL_FIELD = { xs: 12, sm: 6, md: 6 } as const;
const WIDE_FIELD = { xs: 24, md: 12 } as const;

/** Values of the form from rules (null columns as −1, detected interval as 0). */
export function formValuesOf(rules: LoadFileRules): FormValues {
  const { slotMinutes: _slots, ...rest } = rules;
  return {
    ...rest,
    stepMinutes: rules.stepMinutes ?? 0,
    timeColumn: rules.timeColumn ?? -1,
    serialColumn: rules.serialColumn ?? -1,
    selectedSerials: rules.selectedSerials ? [...rules.selectedSerials] : [],
  };
}

/** Rules from the form (the inverse of `formValuesOf`; slot minutes kept from the detection). */
export function rulesOf(values: FormValues, base: LoadFileRules): LoadFileRules {
  return {
    ...base,
    ...values,
    stepMinutes: values.stepMinutes === 0 ? null : values.stepMinutes,
    timeColumn: values.timeColumn < 0 ? null : values.timeColumn,
    serialColumn: values.serialColumn < 0 ? null : values.serialColumn,
    selectedSerials: values.selectedSerials?.length ? values.selectedSerials : null,
    slotMinutes: values.layout === 'wide' ? base.slotMinutes : null,
  };
}

/**
 * The header-mapping confirmation of a load file (parseNetLoadHeader / updateFileRules): a preview of
 * the first rows, the detected columns prefilled, notices to check, and the sheet choice for XLSX.
 */
export function LoadMappingDialog({ projId, fileId, fileName, onClose }: LoadMappingDialogProps) {
  const { t } = useTranslation();
  const header = useFileHeader(fileId);
  const update = useUpdateFileRules(projId);
  const [form] = Form.useForm<FormValues>();
  const [view, setView] = useState<LoadHeaderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [switching, setSwitching] = useState(false);

  useEffect(() => {
    if (header.data) {
      setView(header.data);
      form.setFieldsValue(formValuesOf(header.data.rules));
    }
  }, [header.data, form]);

  const columnOptions = useMemo(
    () => (view?.columns ?? []).map((c) => ({ value: c.index, label: `${c.letter} · ${c.name}` })),
    [view],
  );
  const optional = [{ value: -1, label: t('load.mapping.none') }, ...columnOptions];
  const layout = Form.useWatch('layout', form);
  const headerRow = Form.useWatch('headerRow', form);

  const switchSheet = async (sheetName: string) => {
    if (fileId === null) return;
    setSwitching(true);
    setError(null);
    try {
      const next = await parseNetLoadHeader(fileId, sheetName);
      setView(next);
      form.setFieldsValue(formValuesOf(next.rules));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setSwitching(false);
    }
  };

  const submit = async () => {
    if (!view || fileId === null) return;
    // Fields the dialog does not show (meters of a one-meter file, the time column of a wide
    // layout) are not in validateFields' answer: they keep the detected values.
    const values = { ...formValuesOf(view.rules), ...(await form.validateFields()) };
    setError(null);
    try {
      await update.mutateAsync({
        fileId,
        rules: rulesOf(values, view.rules),
        sheetName: view.sheetName ?? undefined,
      });
      onClose(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };

  const preview = view?.preview ?? [];
  const width = Math.max(0, ...preview.map((r) => r.length));
  return (
    <Modal
      open={fileId !== null}
      title={t('load.mapping.title', { file: fileName })}
      width={960}
      okText={t('load.mapping.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={update.isPending}
      okButtonProps={{ 'data-testid': 'load-mapping-confirm' } as Record<string, string>}
      onOk={submit}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Spin spinning={header.isLoading || switching}>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
        {view?.notices.map((n) => (
          <Alert
            key={n.code}
            type="info"
            showIcon
            style={{ marginBottom: 8 }}
            message={t(`load.mapping.notice.${n.code}` as 'load.mapping.notice.no_header', {
              unit: 'unit' in n ? n.unit : '',
              count: 'count' in n ? n.count : 0,
            })}
          />
        ))}
        <Typography.Text strong>{t('load.mapping.preview')}</Typography.Text>
        <Table
          size="small"
          pagination={false}
          // A few rows in view: the fields below stay on screen without scrolling the dialog.
          scroll={{ x: 'max-content', y: 220 }}
          style={{ margin: '8px 0 16px' }}
          rowKey={(_r, i) => String(i)}
          // The chosen header row stands out: the rows under it are the data.
          rowClassName={(_r, i) => (i === headerRow ? 'ant-table-row-selected' : '')}
          dataSource={preview.map((r) => Object.fromEntries(r.map((c, k) => [String(k), c])))}
          columns={[
            {
              title: '#',
              key: 'row',
              width: 48,
              align: 'right' as const,
              render: (_v: unknown, _r: unknown, i: number) => (
                <Typography.Text type="secondary">{i + 1}</Typography.Text>
              ),
            },
            ...Array.from({ length: Math.min(width, 30) }, (_, k) => ({
              title: view?.columns[k]?.letter ?? String(k),
              dataIndex: String(k),
              ellipsis: true,
            })),
          ]}
        />
        <Form form={form} layout="vertical">
          <Row gutter={16}>
            {view && view.sheetNames.length > 1 && (
              <Col {...FIELD}>
                <Form.Item label={t('load.mapping.sheet')}>
                  <Select
                    value={view.sheetName ?? undefined}
                    options={view.sheetNames.map((s) => ({ value: s, label: s }))}
                    onChange={switchSheet}
                  />
                </Form.Item>
              </Col>
            )}
            <Col {...FIELD}>
              <Form.Item name="headerRow" label={t('load.mapping.headerRow')}>
                <Select
                  popupMatchSelectWidth={false}
                  options={[
                    { value: -1, label: t('load.mapping.noHeader') },
                    ...preview.map((r, i) => ({ value: i, label: `${i + 1}: ${r.slice(0, 3).join(' | ')}` })),
                  ]}
                />
              </Form.Item>
            </Col>
            <Col {...WIDE_FIELD}>
              <Form.Item name="layout" label={t('load.mapping.layout')}>
                <Radio.Group
                  options={(['long', 'wide'] as const).map((l) => ({
                    value: l,
                    label: t(`load.mapping.layout.${l}` as const),
                  }))}
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col {...FIELD}>
              <Form.Item
                name="timestampColumn"
                label={layout === 'wide' ? t('load.mapping.date') : t('load.mapping.timestamp')}
                rules={[{ required: true }]}
              >
                <Select options={columnOptions} />
              </Form.Item>
            </Col>
            {layout !== 'wide' && (
              <Col {...FIELD}>
                <Form.Item name="timeColumn" label={t('load.mapping.time')}>
                  <Select options={optional} />
                </Form.Item>
              </Col>
            )}
            <Col {...FIELD}>
              <Form.Item name="valueColumns" label={t('load.mapping.values')} rules={[{ required: true }]}>
                <Select mode="multiple" maxTagCount={3} options={columnOptions} />
              </Form.Item>
            </Col>
            <Col {...FIELD}>
              <Form.Item name="serialColumn" label={t('load.mapping.serial')}>
                <Select options={optional} />
              </Form.Item>
            </Col>
            {view && view.serials.length > 1 && (
              <Col {...FIELD}>
                <Form.Item name="selectedSerials" label={t('load.mapping.meters')}>
                  <Select
                    mode="multiple"
                    allowClear
                    placeholder={t('load.mapping.metersAll')}
                    options={view.serials.map((s) => ({ value: s, label: s }))}
                  />
                </Form.Item>
              </Col>
            )}
          </Row>
          <Row gutter={16}>
            <Col {...WIDE_FIELD}>
              <Form.Item name="quantity" label={t('load.mapping.quantity')}>
                <Radio.Group
                  options={(['power', 'energy'] as const).map((q) => ({
                    value: q,
                    label: t(`load.mapping.quantity.${q}` as const),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col {...SMALL_FIELD}>
              <Form.Item name="unit" label={t('load.mapping.unit')}>
                <Select options={LOAD_UNITS.map((u) => ({ value: u, label: u }))} />
              </Form.Item>
            </Col>
            <Col {...SMALL_FIELD}>
              <Form.Item name="multiplier" label={t('load.mapping.multiplier')}>
                <InputNumber min={0.0001} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col {...FIELD}>
              <Form.Item name="stepMinutes" label={t('load.mapping.interval')}>
                <Select
                  options={[
                    { value: 0, label: t('load.mapping.intervalAuto') },
                    ...[15, 30, 60].map((m) => ({
                      value: m,
                      label: t('load.mapping.minutes', { count: m }),
                    })),
                  ]}
                />
              </Form.Item>
            </Col>
            <Col {...FIELD}>
              <Form.Item name="dateOrder" label={t('load.mapping.dateOrder')}>
                <Select
                  options={[
                    { value: 'ymd', label: 'YYYY-MM-DD' },
                    { value: 'dmy', label: 'DD/MM/YYYY' },
                    { value: 'mdy', label: 'MM/DD/YYYY' },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="timeLabel" label={t('load.mapping.timeLabel')}>
                <Radio.Group
                  options={(['start', 'end'] as const).map((l) => ({
                    value: l,
                    label: t(`load.mapping.timeLabel.${l}` as const),
                  }))}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
