import type { TouPeriodCode } from '@pvplan/contract';
import { App, Button, Flex, Radio, Select, Space, Switch, Typography, theme } from 'antd';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  copyMonth,
  effectiveTouTable,
  hideHalfHours,
  paintSlots,
  periodHours,
  revealHalfHours,
  showsHalfHours,
  slotTime,
  TOU_PERIOD_COLORS,
  TOU_PERIOD_ORDER,
  type TouTable,
} from './touGrid';
import { monthShortName, type Translate } from './touOverrides';

export interface TouTableEditorProps {
  /** 12 × 48 slots, null = hidden half hour (takes the previous slot's type). */
  readonly value: TouTable;
  readonly onChange: (next: TouTable) => void;
  readonly readOnly?: boolean;
}

const MONTHS = Array.from({ length: 12 }, (_, m) => m);

interface Drag {
  readonly month: number;
  readonly anchor: number;
}

/**
 * The time-of-use table editor (spec 001 §3): 12 months × 24 hours, or × 48 half hours when they are
 * shown. Pick a period and click or drag along a month to paint it; copy a month onto others. Hiding
 * the half hours makes each :30 slot take the type of the slot before it (spec 001 §5) — the user is
 * warned first when that changes the table.
 */
export function TouTableEditor({ value, onChange, readOnly = false }: TouTableEditorProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { token } = theme.useToken();
  const [period, setPeriod] = useState<TouPeriodCode>(1);
  const [copyFrom, setCopyFrom] = useState(0);
  const [copyTo, setCopyTo] = useState<number[]>([]);
  const drag = useRef<Drag | null>(null);
  const halfHours = showsHalfHours(value);
  const effective = useMemo(() => effectiveTouTable(value), [value]);
  const columns = halfHours ? 48 : 24;
  const slotOfColumn = (column: number) => (halfHours ? column : column * 2);
  const periodName = useCallback((code: number) => t(`tou.period.${code}` as 'tou.period.0'), [t]);
  const monthName = (month: number) => monthShortName(month, t as Translate);

  useEffect(() => {
    const stop = () => {
      drag.current = null;
    };
    window.addEventListener('pointerup', stop);
    return () => window.removeEventListener('pointerup', stop);
  }, []);

  const paint = (month: number, from: number, to: number) => {
    onChange(paintSlots(value, month, from, to, period, halfHours));
  };

  const toggleHalfHours = (show: boolean) => {
    if (show) {
      onChange(revealHalfHours(value));
      return;
    }
    const { table, changed } = hideHalfHours(value);
    if (changed.length === 0) {
      onChange(table);
      return;
    }
    modal.confirm({
      title: t('tou.editor.hideTitle'),
      content: t('tou.editor.hideContent', { count: changed.length }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => onChange(table),
    });
  };

  const cellStyle = (code: number, hidden: boolean): CSSProperties => ({
    width: halfHours ? 16 : 28,
    minWidth: halfHours ? 16 : 28,
    height: 22,
    padding: 0,
    background: TOU_PERIOD_COLORS[code] ?? token.colorBgContainer,
    opacity: hidden ? 0.55 : 1,
    border: `1px solid ${token.colorBgContainer}`,
    cursor: readOnly ? 'default' : 'pointer',
  });

  return (
    <Flex vertical gap={token.marginSM}>
      {!readOnly && (
        <Flex wrap gap={token.marginSM} align="center">
          <Typography.Text>{t('tou.editor.paint')}</Typography.Text>
          <Radio.Group
            optionType="button"
            size="small"
            value={period}
            onChange={(event) => setPeriod(event.target.value as TouPeriodCode)}
            options={TOU_PERIOD_ORDER.map((code) => ({
              value: code,
              label: (
                <Space size={4}>
                  <span
                    style={{
                      display: 'inline-block',
                      width: 10,
                      height: 10,
                      background: TOU_PERIOD_COLORS[code],
                      borderRadius: 2,
                    }}
                  />
                  {periodName(code)}
                </Space>
              ),
            }))}
          />
          <Space size={4}>
            <Switch size="small" checked={halfHours} onChange={toggleHalfHours} />
            <Typography.Text>{t('tou.editor.showHalfHours')}</Typography.Text>
          </Space>
          <Space size={4} wrap>
            <Typography.Text>{t('tou.editor.copyFrom')}</Typography.Text>
            <Select
              size="small"
              style={{ width: 96 }}
              value={copyFrom}
              onChange={setCopyFrom}
              options={MONTHS.map((m) => ({ value: m, label: monthName(m + 1) }))}
            />
            <Typography.Text>{t('tou.editor.copyTo')}</Typography.Text>
            <Select
              size="small"
              mode="multiple"
              style={{ minWidth: 180 }}
              placeholder={t('tou.editor.copyToPlaceholder')}
              value={copyTo}
              onChange={setCopyTo}
              options={MONTHS.filter((m) => m !== copyFrom).map((m) => ({
                value: m,
                label: monthName(m + 1),
              }))}
            />
            <Button
              size="small"
              disabled={copyTo.length === 0}
              onClick={() => {
                onChange(copyMonth(value, copyFrom, copyTo));
                void message.success(t('tou.editor.copied', { count: copyTo.length }));
                setCopyTo([]);
              }}
            >
              {t('tou.editor.copy')}
            </Button>
          </Space>
        </Flex>
      )}
      <div style={{ overflowX: 'auto', userSelect: 'none' }}>
        <table style={{ borderCollapse: 'collapse', fontSize: token.fontSizeSM }}>
          <thead>
            <tr>
              <th style={{ padding: '0 8px', whiteSpace: 'nowrap' }}>{t('tou.editor.monthColumn')}</th>
              {Array.from({ length: columns }, (_, column) => {
                const slot = slotOfColumn(column);
                const labelled = halfHours ? slot % 4 === 0 : column % 2 === 0;
                return (
                  <th
                    key={slot}
                    style={{ fontWeight: 'normal', color: token.colorTextSecondary, textAlign: 'left' }}
                  >
                    {labelled ? slotTime(slot).slice(0, 2) : ''}
                  </th>
                );
              })}
              <th style={{ padding: '0 8px', whiteSpace: 'nowrap' }}>{t('tou.editor.hoursColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {MONTHS.map((month) => (
              <tr key={month}>
                <td style={{ padding: '0 8px', whiteSpace: 'nowrap' }}>{monthName(month + 1)}</td>
                {Array.from({ length: columns }, (_, column) => {
                  const slot = slotOfColumn(column);
                  const code = effective[month]?.[slot] ?? 2;
                  const span = halfHours ? 1 : 2;
                  return (
                    <td
                      key={slot}
                      title={t('tou.editor.cellTitle', {
                        month: month + 1,
                        from: slotTime(slot),
                        to: slotTime(slot + span),
                        period: periodName(code),
                      })}
                      style={cellStyle(code, value[month]?.[slot] === null)}
                      onPointerDown={(event) => {
                        if (readOnly) return;
                        event.preventDefault();
                        drag.current = { month, anchor: slot };
                        paint(month, slot, slot);
                      }}
                      onPointerEnter={() => {
                        const current = drag.current;
                        if (readOnly || !current || current.month !== month) return;
                        paint(month, current.anchor, slot);
                      }}
                    />
                  );
                })}
                <td style={{ padding: '0 8px', whiteSpace: 'nowrap' }}>
                  <Space size={6}>
                    {TOU_PERIOD_ORDER.map((code) => {
                      const hours = periodHours(effective[month] ?? [])[code] ?? 0;
                      return hours > 0 ? (
                        <span key={`period-${code}`} style={{ color: token.colorText }}>
                          <span
                            style={{
                              display: 'inline-block',
                              width: 8,
                              height: 8,
                              marginRight: 2,
                              background: TOU_PERIOD_COLORS[code],
                            }}
                          />
                          {hours}
                        </span>
                      ) : null;
                    })}
                  </Space>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!readOnly && <Typography.Text type="secondary">{t('tou.editor.hint')}</Typography.Text>}
    </Flex>
  );
}
