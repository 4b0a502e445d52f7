import type { WeatherCsvMapping, WeatherInspectView, WeatherParseOptionsInput } from '@pvplan/contract';
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Space, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTzOffset } from './WeatherSummary';

/** The guessed column of a role as an index into the columns (engine guesses by name). */
export function guessedIndex(columns: readonly string[], guess: unknown): number | undefined {
  const name = Array.isArray(guess) ? guess[0] : guess;
  if (typeof name !== 'string') return undefined;
  const index = columns.indexOf(name);
  return index >= 0 ? index : undefined;
}

interface MappingValues {
  timestamp: number;
  timestampFormat: string;
  timeZone: 'local' | 'utc';
  label: 'end' | 'start' | 'center';
  ghi: number;
  dni?: number;
  dhi?: number;
  tempAir?: number;
  windSpeed?: number;
  latitudeDeg: number;
  longitudeDeg: number;
}

export interface CsvMappingFormProps {
  readonly inspection: NonNullable<WeatherInspectView['csv']>;
  /** Site defaults (position, UTC offset of "local" stamps). */
  readonly latitudeDeg: number;
  readonly longitudeDeg: number;
  readonly tzOffsetHours: number;
  readonly submitting: boolean;
  readonly onSubmit: (options: WeatherParseOptionsInput) => void;
}

/** The column-mapping step of a generic CSV: columns prefilled from the server's guess, then read. */
export function CsvMappingForm(props: CsvMappingFormProps) {
  const { t } = useTranslation();
  const { columns, guess, sampleRows, headerLine } = props.inspection;
  const options = columns.map((name, index) => ({ value: index, label: name || `#${index + 1}` }));
  const optional = [{ value: -1, label: t('weather.csv.none') }, ...options];
  const initial = useMemo<Partial<MappingValues>>(
    () => ({
      timestamp: guessedIndex(columns, guess.timestamp) ?? 0,
      timestampFormat: typeof guess.timestampFormat === 'string' ? guess.timestampFormat : 'YYYY-MM-DD HH:mm',
      timeZone: 'local',
      label: 'end',
      ghi: guessedIndex(columns, guess.ghi),
      dni: guessedIndex(columns, guess.dni) ?? -1,
      dhi: guessedIndex(columns, guess.dhi) ?? -1,
      tempAir: guessedIndex(columns, guess.tempAir) ?? -1,
      windSpeed: guessedIndex(columns, guess.windSpeed) ?? -1,
      latitudeDeg: props.latitudeDeg,
      longitudeDeg: props.longitudeDeg,
    }),
    [columns, guess, props.latitudeDeg, props.longitudeDeg],
  );

  const submit = (v: MappingValues) => {
    const opt = (index: number | undefined) => (index === undefined || index < 0 ? undefined : index);
    const csv: WeatherCsvMapping = {
      timestamp: v.timestamp,
      timestampFormat: v.timestampFormat.trim(),
      timeZone: v.timeZone,
      label: v.label,
      ghi: v.ghi,
      headerLine,
      ...(opt(v.dni) === undefined ? {} : { dni: opt(v.dni) }),
      ...(opt(v.dhi) === undefined ? {} : { dhi: opt(v.dhi) }),
      ...(opt(v.tempAir) === undefined ? {} : { tempAir: opt(v.tempAir) }),
      ...(opt(v.windSpeed) === undefined ? {} : { windSpeed: opt(v.windSpeed) }),
    };
    props.onSubmit({
      csv,
      latitudeDeg: v.latitudeDeg,
      longitudeDeg: v.longitudeDeg,
      tzOffsetHours: props.tzOffsetHours,
    });
  };

  const sample = sampleRows.map((row, key) => ({
    key,
    ...Object.fromEntries(row.map((cell, index) => [`c${index}`, cell])),
  }));

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text strong>{t('weather.csv.title')}</Typography.Text>
      <Alert type="info" showIcon message={t('weather.csv.hint')} />
      <Typography.Text type="secondary">{t('weather.csv.sample')}</Typography.Text>
      <Table
        size="small"
        pagination={false}
        scroll={{ x: true }}
        dataSource={sample}
        columns={columns.map((name, index) => ({ title: name, dataIndex: `c${index}`, key: index }))}
      />
      <Form<MappingValues> layout="vertical" initialValues={initial} onFinish={submit}>
        <Space wrap align="start">
          <Form.Item name="timestamp" label={t('weather.csv.timestamp')} rules={[{ required: true }]}>
            <Select options={options} style={{ minWidth: 180 }} />
          </Form.Item>
          <Form.Item
            name="timestampFormat"
            label={t('weather.csv.timestampFormat')}
            rules={[{ required: true }]}
          >
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="ghi" label={t('weather.csv.ghi')} rules={[{ required: true }]}>
            <Select options={options} style={{ minWidth: 180 }} />
          </Form.Item>
          <Form.Item name="dni" label={t('weather.csv.dni')}>
            <Select options={optional} style={{ minWidth: 180 }} />
          </Form.Item>
          <Form.Item name="dhi" label={t('weather.csv.dhi')}>
            <Select options={optional} style={{ minWidth: 180 }} />
          </Form.Item>
          <Form.Item name="tempAir" label={t('weather.csv.tempAir')}>
            <Select options={optional} style={{ minWidth: 180 }} />
          </Form.Item>
          <Form.Item name="windSpeed" label={t('weather.csv.windSpeed')}>
            <Select options={optional} style={{ minWidth: 180 }} />
          </Form.Item>
        </Space>
        <Form.Item name="timeZone" label={t('weather.csv.timeZone')}>
          <Radio.Group>
            <Radio value="local">
              {t('weather.csv.timeZone.local', { tz: formatTzOffset(props.tzOffsetHours) })}
            </Radio>
            <Radio value="utc">{t('weather.csv.timeZone.utc')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="label" label={t('weather.csv.label')}>
          <Radio.Group>
            <Radio value="end">{t('weather.csv.label.end')}</Radio>
            <Radio value="start">{t('weather.csv.label.start')}</Radio>
            <Radio value="center">{t('weather.csv.label.center')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Space wrap>
          <Form.Item name="latitudeDeg" label={t('weather.csv.latitude')} rules={[{ required: true }]}>
            <InputNumber min={-90} max={90} step={0.01} />
          </Form.Item>
          <Form.Item name="longitudeDeg" label={t('weather.csv.longitude')} rules={[{ required: true }]}>
            <InputNumber min={-180} max={180} step={0.01} />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={props.submitting}>
          {t('weather.csv.parse')}
        </Button>
      </Form>
    </Space>
  );
}
