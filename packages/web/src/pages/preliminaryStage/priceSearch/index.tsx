import { DownloadOutlined, EditOutlined, LinkOutlined } from '@ant-design/icons';
import { PRICE_ADMIN_ROLE, type PriceUserCategory, type PriceVoltageLevel } from '@pvplan/contract';
import {
  Alert,
  Button,
  Card,
  Cascader,
  Col,
  DatePicker,
  Empty,
  Flex,
  Row,
  Segmented,
  Select,
  Space,
  Spin,
  Statistic,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../app/layout/useLayoutMode';
import { HasRole } from '../../../components/permission';
import { useDocumentTitle } from '../../../utils/useDocumentTitle';
import { LoadAndBill } from './components/LoadAndBill';
import { OverrideRules } from './components/OverrideRules';
import { PeriodDetail } from './components/PeriodDetail';
import { PriceTable } from './components/PriceTable';
import { TouEditDrawer } from './components/TouEditDrawer';
import { TouHeatmap } from './components/TouHeatmap';
import { useAreaOptions, useAreaPriceInfo, useExportPrice, useTariffClassOptions } from './hooks';
import {
  areaPriceBodyOf,
  DEFAULT_AREA_PATH,
  hasHalfHourDetail,
  inheritance,
  type PriceSearchState,
  priceAreaName,
} from './priceSearchRules';

const ADMIN_ROLES = [PRICE_ADMIN_ROLE] as const;

/** A spread in yuan/kWh as the headline shows it: four decimals, rounded (antd's precision truncates). */
const spreadText = (value: number | null | undefined) => (value == null ? '—' : value.toFixed(4));

/**
 * Phones: the filters as a two-column grid (labels aligned, controls as wide as the screen); each
 * filter's Space takes no box of its own there, so its label and control are the grid's cells.
 */
const MOBILE_FILTER_GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: 12,
  alignItems: 'center',
};
const MOBILE_FULL_ROW: CSSProperties = { gridColumn: '1 / -1', justifySelf: 'start' };

/** A card title that wraps on a phone instead of ending in an ellipsis. */
const wrapping = (title: ReactNode) => <span style={{ whiteSpace: 'normal' }}>{title}</span>;

/**
 * Price search (menu url preliminaryStage/priceSearch/index): pick an area, user category, voltage
 * level and month; see the month × hour grid of TOU periods, the calendar rules (holidays, rest days,
 * hot days), the agency price table, the spreads and each month's periods, and the coal benchmark for
 * surplus PV; export the result as .xlsx. Administrators can edit the area's TOU table and its rules.
 * Below, the user's own load (a year of 15/30/60-minute data) with its statistics and the bill the
 * shown price row implies (issue 5 "Done when").
 */
export default function PriceSearchPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const mobile = useIsMobile();
  const filter: CSSProperties | undefined = mobile ? { display: 'contents' } : undefined;
  const controlWidth = (desktopPx: number) => (mobile ? '100%' : desktopPx);
  useDocumentTitle(t('pages.priceSearch.title'));
  const [state, setState] = useState<PriceSearchState>({ areaPath: DEFAULT_AREA_PATH });
  const [halfHours, setHalfHours] = useState(false);
  const [editing, setEditing] = useState(false);
  const body = areaPriceBodyOf(state);
  const info = useAreaPriceInfo(body);
  const exporter = useExportPrice();
  const areas = useAreaOptions();
  const { categoryOptions, voltageOptions } = useTariffClassOptions();
  const data = info.data;
  const from = data ? inheritance(data, language) : null;
  const areaName = data ? priceAreaName(data, language) : '';
  const row = data?.selectedRow ?? null;
  const resolution = (
    <Segmented<'hours' | 'halfHours'>
      value={halfHours ? 'halfHours' : 'hours'}
      onChange={(value) => setHalfHours(value === 'halfHours')}
      options={[
        { value: 'hours', label: t('pages.priceSearch.gridHours') },
        { value: 'halfHours', label: t('pages.priceSearch.gridHalfHours') },
      ]}
    />
  );
  const monthShown = Number(
    (state.month ?? data?.priceTable?.month ?? dayjs().format('YYYY-MM')).slice(5, 7),
  );

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex wrap gap={16} align="center" style={mobile ? MOBILE_FILTER_GRID : undefined}>
          <Space style={filter}>
            <span>{t('pages.priceSearch.area')}</span>
            <Cascader
              style={{ width: controlWidth(260) }}
              options={areas.options}
              loading={areas.loading}
              changeOnSelect
              showSearch
              value={[...state.areaPath]}
              placeholder={t('pages.priceSearch.areaPlaceholder')}
              onChange={(path) => setState((s) => ({ ...s, areaPath: (path ?? []).map(String) }))}
            />
          </Space>
          <Space style={filter}>
            <span>{t('pages.priceSearch.category')}</span>
            <Select<PriceUserCategory | undefined>
              style={{ width: controlWidth(200) }}
              allowClear
              placeholder={t('pages.priceSearch.anyOption')}
              value={state.userCategory}
              onChange={(userCategory) => setState((s) => ({ ...s, userCategory }))}
              options={categoryOptions}
            />
          </Space>
          <Space style={filter}>
            <span>{t('pages.priceSearch.voltage')}</span>
            <Select<PriceVoltageLevel | undefined>
              style={{ width: controlWidth(160) }}
              allowClear
              placeholder={t('pages.priceSearch.anyOption')}
              value={state.voltageLevel}
              onChange={(voltageLevel) => setState((s) => ({ ...s, voltageLevel }))}
              options={voltageOptions}
            />
          </Space>
          <Space style={filter}>
            <span>{t('pages.priceSearch.month')}</span>
            <DatePicker
              picker="month"
              style={mobile ? { width: '100%' } : undefined}
              placeholder={t('pages.priceSearch.monthPlaceholder')}
              value={state.month ? dayjs(`${state.month}-01`) : null}
              onChange={(value) =>
                setState((s) => ({ ...s, month: value ? value.format('YYYY-MM') : undefined }))
              }
            />
          </Space>
          <Button
            style={mobile ? MOBILE_FULL_ROW : undefined}
            icon={<DownloadOutlined />}
            disabled={!body || !data}
            loading={exporter.isPending}
            onClick={() => body && data && exporter.mutate({ body, areaName })}
          >
            {t('pages.priceSearch.export')}
          </Button>
          {data && (
            <HasRole roles={ADMIN_ROLES}>
              <Button
                style={mobile ? MOBILE_FULL_ROW : undefined}
                icon={<EditOutlined />}
                onClick={() => setEditing(true)}
              >
                {t('pages.priceSearch.editTou')}
              </Button>
            </HasRole>
          )}
          {data?.latestMonth && (
            <Typography.Text type="secondary" style={mobile ? MOBILE_FULL_ROW : undefined}>
              {t('pages.priceSearch.latestMonth', { month: data.latestMonth })}
            </Typography.Text>
          )}
        </Flex>
      </Card>

      {!body ? (
        <Card>
          <Empty description={t('pages.priceSearch.areaPlaceholder')} />
        </Card>
      ) : !data ? (
        <Card>
          <Spin />
        </Card>
      ) : (
        <Spin spinning={info.isFetching}>
          <Flex vertical gap={16}>
            {!data.priceTable && <Alert type="info" showIcon message={t('pages.priceSearch.noPrice')} />}
            {data.priceTable && !data.priceMonthMatches && data.requestedMonth && (
              <Alert
                type="warning"
                showIcon
                message={t('pages.priceSearch.priceMonthDiffers', {
                  month: data.requestedMonth,
                  priceMonth: data.priceTable.month,
                })}
              />
            )}
            <Card
              title={wrapping(t('pages.priceSearch.gridTitle'))}
              // On a phone the switch would squeeze the title: it goes at the top of the body there.
              extra={mobile ? null : resolution}
            >
              {data.tou ? (
                <Flex vertical gap={8}>
                  {mobile && <div>{resolution}</div>}
                  <TouHeatmap slots={data.tou.slots} halfHours={halfHours} />
                  <Typography.Text type="secondary">
                    {t('pages.priceSearch.touSource', {
                      source: data.tou.sourceTitle,
                      month: data.tou.effectiveMonth,
                    })}
                    {data.tou.sourceUrl && (
                      <Typography.Link href={data.tou.sourceUrl} target="_blank" rel="noreferrer">
                        {' '}
                        <LinkOutlined />
                      </Typography.Link>
                    )}
                  </Typography.Text>
                  {from?.touFrom && (
                    <Typography.Text type="secondary">
                      {t('pages.priceSearch.touInherited', { area: areaName, parent: from.touFrom })}
                    </Typography.Text>
                  )}
                  {data.coalBenchmark && (
                    <Typography.Text type="secondary">
                      {t('pages.priceSearch.coalBenchmark', {
                        price: data.coalBenchmark.priceYuanPerKwh,
                        area: priceAreaName(data.coalBenchmark, language),
                      })}
                      {data.coalBenchmark.gridSplitUnresolved && t('pages.priceSearch.coalBenchmarkSplit')}
                      {!data.coalBenchmark.verified && t('pages.priceSearch.coalBenchmarkUnverified')}
                    </Typography.Text>
                  )}
                  {!halfHours && hasHalfHourDetail(data.tou.slots) && (
                    <Alert type="info" showIcon message={t('pages.priceSearch.halfHourHint')} />
                  )}
                </Flex>
              ) : (
                <Empty description={t('pages.priceSearch.noTou')} />
              )}
            </Card>

            {data.tou && (
              <Card title={wrapping(t('pages.priceSearch.overridesTitle'))}>
                <OverrideRules tou={data.tou} row={row} calendars={data.holidayCalendars ?? []} />
              </Card>
            )}

            {data.priceTable && (
              <Card title={wrapping(`${t('pages.priceSearch.tableTitle')} · ${data.priceTable.month}`)}>
                <Flex vertical gap={12}>
                  <Row gutter={16}>
                    <Col xs={12} md={6}>
                      <Statistic
                        title={t('pages.priceSearch.peakValley')}
                        value={spreadText(row?.peakValleySpreadYuanPerKwh)}
                      />
                    </Col>
                    <Col xs={12} md={6}>
                      <Statistic
                        title={t('pages.priceSearch.maxSpread')}
                        value={spreadText(row?.maxSpreadYuanPerKwh)}
                      />
                    </Col>
                    <Col xs={24} md={12}>
                      <Typography.Text type="secondary">
                        {row
                          ? t('pages.priceSearch.selectedRow', {
                              category: t(
                                `pages.priceSearch.category.${row.userCategory}` as 'pages.priceSearch.category.general_ci',
                              ),
                              voltage: t(
                                `pages.priceSearch.voltage.${row.voltageLevel}` as 'pages.priceSearch.voltage.kv1_10',
                              ),
                            })
                          : t('pages.priceSearch.noRow')}
                      </Typography.Text>
                    </Col>
                  </Row>
                  <PriceTable table={data.priceTable} selected={row} />
                  <Typography.Text type="secondary">
                    {t('pages.priceSearch.priceSource', { source: data.priceTable.sourceTitle })}
                    {data.priceTable.sourceUrl && (
                      <Typography.Link href={data.priceTable.sourceUrl} target="_blank" rel="noreferrer">
                        {' '}
                        {t('pages.priceSearch.openSource')}
                      </Typography.Link>
                    )}
                    {data.priceTable.fundsIncludedInEnergyPrices &&
                      ` · ${t('pages.priceSearch.fundsIncluded')}`}
                    {from?.pricesFrom &&
                      ` · ${t('pages.priceSearch.priceFromParent', { parent: from.pricesFrom })}`}
                  </Typography.Text>
                </Flex>
              </Card>
            )}

            {data.months.length > 0 && (
              <Card title={t('pages.priceSearch.periodsTitle')}>
                <PeriodDetail
                  key={`${data.areaCode}-${monthShown}`}
                  months={data.months}
                  initialMonth={monthShown}
                />
              </Card>
            )}

            <LoadAndBill areaCode={data.areaCode} row={data.priceTable ? row : null} month={state.month} />
          </Flex>
        </Spin>
      )}

      {editing && data && (
        <TouEditDrawer
          open={editing}
          onClose={() => setEditing(false)}
          areaCode={data.tou?.areaCode ?? data.areaCode}
          areaName={data.tou ? priceAreaName(data.tou, language) : areaName}
          tou={data.tou}
          defaultMonth={state.month ?? dayjs().format('YYYY-MM')}
        />
      )}
    </Flex>
  );
}
