import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  TOU_OVERRIDE_KINDS,
  TOU_OVERRIDES_MAX,
  type TouOverrideKind,
  type TouPeriodCode,
} from '@pvplan/contract';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Flex,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Tag,
  Typography,
  theme,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../locales/resources';
import { TOU_PERIOD_COLORS, TOU_PERIOD_ORDER } from './touGrid';
import {
  describeRule,
  HOLIDAY_NAMES,
  hourClock,
  ISO_WEEKDAYS,
  monthShortName,
  newOverride,
  overridesValid,
  parseDateList,
  RANGE_END_HOURS,
  RANGE_START_HOURS,
  removeRange,
  setRange,
  type TouOverride,
  type Translate,
  withKind,
} from './touOverrides';

export interface TouOverridesEditorProps {
  readonly value: readonly TouOverride[];
  readonly onChange: (next: TouOverride[]) => void;
  readonly readOnly?: boolean;
}

const MONTHS = Array.from({ length: 12 }, (_, m) => m + 1);

/** The dates of a "listed dates" rule, typed as text (kept while the user edits). */
function DatesInput({ dates, onChange }: { dates: readonly string[]; onChange: (dates: string[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(dates.join('\n'));
  const { invalid } = parseDateList(text);
  return (
    <Flex vertical gap={4} style={{ minWidth: 260 }}>
      <Input.TextArea
        autoSize={{ minRows: 2, maxRows: 6 }}
        value={text}
        placeholder={t('tou.override.datesPlaceholder')}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseDateList(event.target.value).dates);
        }}
      />
      {invalid.length > 0 && (
        <Typography.Text type="warning">
          {t('tou.override.datesInvalid', { tokens: invalid.join(' ') })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A labelled control of a rule card: the label above, the control as wide as its column. */
function RuleField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/** One rule: name, kind of day and its fields, months, and the clock ranges it paints. */
function RuleCard({
  rule,
  index,
  onChange,
  onRemove,
}: {
  rule: TouOverride;
  index: number;
  onChange: (rule: TouOverride) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const w = rule.when;
  const periodOptions = TOU_PERIOD_ORDER.map((code) => ({
    value: code,
    label: t(`tou.period.${code}` as MessageKey),
  }));
  return (
    <Card
      size="small"
      title={`${index + 1}. ${rule.label || t('tou.override.label')}`}
      extra={
        <Button size="small" danger icon={<DeleteOutlined />} onClick={onRemove}>
          {t('tou.override.remove')}
        </Button>
      }
    >
      <Flex vertical gap={token.marginSM}>
        <Row gutter={[token.marginSM, token.marginSM]}>
          <Col xs={24} md={8}>
            <RuleField label={t('tou.override.label')}>
              <Input
                size="small"
                maxLength={120}
                value={rule.label}
                onChange={(event) => onChange({ ...rule, label: event.target.value })}
              />
            </RuleField>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <RuleField label={t('tou.override.kind')}>
              <Select<TouOverrideKind>
                size="small"
                style={{ width: '100%' }}
                value={w.kind}
                onChange={(kind) => onChange(withKind(rule, kind))}
                options={TOU_OVERRIDE_KINDS.map((kind) => ({
                  value: kind,
                  label: t(`tou.override.kind.${kind}` as MessageKey),
                }))}
              />
            </RuleField>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <RuleField label={t('tou.override.months')}>
              <Select<number[]>
                size="small"
                mode="multiple"
                allowClear
                style={{ width: '100%' }}
                placeholder={t('tou.override.monthsPlaceholder')}
                value={rule.months ? [...rule.months] : []}
                onChange={(months) => {
                  const { months: _dropped, ...rest } = rule;
                  onChange(months.length > 0 ? { ...rest, months: [...months].sort((a, b) => a - b) } : rest);
                }}
                options={MONTHS.map((m) => ({ value: m, label: monthShortName(m, t as Translate) }))}
              />
            </RuleField>
          </Col>
          {w.kind === 'holidays' && (
            <Col xs={24} md={16}>
              <RuleField label={t('tou.override.holidayPick')}>
                <Select<string[]>
                  size="small"
                  mode="multiple"
                  allowClear
                  style={{ width: '100%' }}
                  placeholder={t('tou.override.allHolidays')}
                  value={w.holidays ? [...w.holidays] : []}
                  onChange={(holidays) => {
                    const { holidays: _all, ...rest } = w;
                    onChange({
                      ...rule,
                      when:
                        holidays.length > 0
                          ? { ...rest, holidays: holidays as (typeof HOLIDAY_NAMES)[number][] }
                          : rest,
                    });
                  }}
                  options={HOLIDAY_NAMES.map((name) => ({
                    value: name,
                    label: t(`tou.holiday.${name}` as MessageKey),
                  }))}
                />
              </RuleField>
            </Col>
          )}
          {w.kind === 'holidays' && (
            <Col xs={24} md={8}>
              <RuleField label={t('tou.override.minBreakDays')}>
                <InputNumber
                  size="small"
                  min={1}
                  max={31}
                  precision={0}
                  style={{ width: '100%' }}
                  value={w.minBreakDays ?? null}
                  onChange={(days) => {
                    const { minBreakDays: _none, ...rest } = w;
                    onChange({ ...rule, when: days ? { ...rest, minBreakDays: days } : rest });
                  }}
                />
              </RuleField>
            </Col>
          )}
        </Row>

        {w.kind === 'weekdays' && (
          <Checkbox.Group
            value={[...w.weekdays]}
            onChange={(days) =>
              onChange({ ...rule, when: { kind: 'weekdays', weekdays: (days as number[]).sort() } })
            }
            options={ISO_WEEKDAYS.map((d) => ({ value: d, label: t(`tou.weekday.${d}` as MessageKey) }))}
          />
        )}
        {w.kind === 'dates' && (
          <DatesInput
            dates={w.dates}
            onChange={(dates) => onChange({ ...rule, when: { kind: 'dates', dates } })}
          />
        )}
        {w.kind === 'dateRange' && (
          <Space wrap>
            <Typography.Text>{t('tou.override.from')}</Typography.Text>
            <Input
              size="small"
              style={{ width: 88 }}
              maxLength={5}
              value={w.fromMonthDay}
              onChange={(event) =>
                onChange({ ...rule, when: { ...w, fromMonthDay: event.target.value.trim() } })
              }
            />
            <Typography.Text>{t('tou.override.to')}</Typography.Text>
            <Input
              size="small"
              style={{ width: 88 }}
              maxLength={5}
              value={w.toMonthDay}
              onChange={(event) =>
                onChange({ ...rule, when: { ...w, toMonthDay: event.target.value.trim() } })
              }
            />
          </Space>
        )}

        <Flex vertical gap={4}>
          <Typography.Text>{t('tou.override.ranges')}</Typography.Text>
          {rule.ranges.map((range, i) => (
            <Space key={`${i}-${range.fromHour}`} wrap>
              <Select<number>
                size="small"
                style={{ width: 96 }}
                value={range.fromHour}
                onChange={(fromHour) => onChange(setRange(rule, i, { ...range, fromHour }))}
                options={RANGE_START_HOURS.map((h) => ({ value: h, label: hourClock(h) }))}
              />
              <span>–</span>
              <Select<number>
                size="small"
                style={{ width: 96 }}
                value={range.toHour}
                onChange={(toHour) => onChange(setRange(rule, i, { ...range, toHour }))}
                options={RANGE_END_HOURS.map((h) => ({ value: h, label: hourClock(h) }))}
              />
              <Select<TouPeriodCode>
                size="small"
                style={{ width: 96 }}
                value={range.period}
                onChange={(period) => onChange(setRange(rule, i, { ...range, period }))}
                options={periodOptions}
                labelRender={({ value, label }) => (
                  <Tag color={TOU_PERIOD_COLORS[Number(value)]} style={{ marginInlineEnd: 0 }}>
                    {label}
                  </Tag>
                )}
              />
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('tou.override.removeRange')}
                disabled={rule.ranges.length <= 1}
                onClick={() => onChange(removeRange(rule, i))}
              />
            </Space>
          ))}
          <div>
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() =>
                onChange(setRange(rule, rule.ranges.length, { fromHour: 12, toHour: 14, period: 4 }))
              }
            >
              {t('tou.override.addRange')}
            </Button>
          </div>
        </Flex>
        <Typography.Text type="secondary">{describeRule(rule, t as Translate)}</Typography.Text>
      </Flex>
    </Card>
  );
}

/**
 * The calendar overrides of a TOU table (holiday deep valleys, rest-day rules, hot-day sharp hours,
 * seasonal date ranges): listed in words, and — unless read-only — edited rule by rule.
 */
export function TouOverridesEditor({ value, onChange, readOnly = false }: TouOverridesEditorProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const tr = t as Translate;
  const replace = (index: number, rule: TouOverride) =>
    onChange(value.map((r, i) => (i === index ? rule : r)));
  return (
    <Flex vertical gap={token.marginSM}>
      <Typography.Text strong>{t('tou.override.title')}</Typography.Text>
      {value.length === 0 && <Typography.Text type="secondary">{t('tou.override.none')}</Typography.Text>}
      {readOnly
        ? value.map((rule, index) => (
            <Typography.Text key={`${index}-${rule.label}`}>
              {index + 1}. {rule.label} — {describeRule(rule, tr)}
            </Typography.Text>
          ))
        : value.map((rule, index) => (
            <RuleCard
              // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; order is their identity
              key={index}
              rule={rule}
              index={index}
              onChange={(next) => replace(index, next)}
              onRemove={() => onChange(value.filter((_, i) => i !== index))}
            />
          ))}
      {!readOnly && (
        <Flex vertical gap={token.marginXS}>
          <div>
            <Button
              icon={<PlusOutlined />}
              disabled={value.length >= TOU_OVERRIDES_MAX}
              onClick={() => onChange([...value, newOverride(t('tou.override.defaultLabel'))])}
            >
              {t('tou.override.add')}
            </Button>
          </div>
          {!overridesValid(value) && <Alert type="warning" showIcon message={t('tou.override.invalid')} />}
          <Typography.Text type="secondary">{t('tou.override.hint')}</Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
