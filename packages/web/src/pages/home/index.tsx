import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pageRoutes } from '../../app/menu/menuRoutes';
import { useShell } from '../../app/shell/ShellContext';
import { InviteBanner } from '../../features/invite';
import type { MessageKey } from '../../locales/resources';
import { useDocumentTitle } from '../../utils/useDocumentTitle';
import { type MapMarker, ProjectMap } from './components/ProjectMap';

type DateRange = 'month' | 'year' | 'total';

/** No station has coordinates until monitored stations arrive; one array, so the map does not redraw its markers on every render. */
const NO_MARKERS: readonly MapMarker[] = [];

/** The device centre: the monitoring page of the system menu (shown to those who have it). */
const DEVICE_CENTRE_PATH = '/system/monitor';

/** The statistics of the home page (spec 000 §1), in display order. */
const STATISTICS: readonly MessageKey[] = [
  'pages.home.stats.generation',
  'pages.home.stats.chargeDischarge',
  'pages.home.stats.actualVsExpected',
  'pages.home.stats.energyDistribution',
  'pages.home.stats.todayIncome',
  'pages.home.stats.dailyIncomeChange',
  'pages.home.stats.cumulativeIncome',
  'pages.home.stats.safeDays',
  'pages.home.stats.todayGeneration',
  'pages.home.stats.totalGeneration',
  'pages.home.stats.carbonReduction',
  'pages.home.stats.trees',
];

/** The project list's columns (spec 000 §2 home page). */
const COLUMNS: readonly MessageKey[] = [
  'pages.home.col.projectName',
  'pages.home.col.stationName',
  'pages.home.col.gridTime',
  'pages.home.col.dailyIncome',
  'pages.home.col.totalIncome',
  'pages.home.col.projectType',
  'pages.home.col.pvCapacity',
  'pages.home.col.storageCapacity',
  'pages.home.col.loadCapacity',
  'pages.home.col.projectTotal',
];

/** External entrances of the header, configured per deployment; unconfigured ones are disabled. */
const ENTRANCES: readonly { key: MessageKey; url: unknown }[] = [
  { key: 'pages.home.entrance.thirdPartyCloud', url: import.meta.env.VITE_THIRD_PARTY_CLOUD_URL },
  { key: 'pages.home.entrance.providerCloud', url: import.meta.env.VITE_PROVIDER_CLOUD_URL },
];

/**
 * /homeindex (spec 000 §1, §2): map of the user's power stations, the project list and the
 * operating statistics for a month, a year or in total. Operating data arrives with monitored
 * stations; until the database holds any, every figure says so instead of showing a number.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, routes } = useShell();
  const [range, setRange] = useState<DateRange>('month');
  useDocumentTitle(t('pages.home.title'));
  const canMonitor = pageRoutes(routes).some((page) => page.path === DEVICE_CENTRE_PATH && page.routable);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <InviteBanner />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('pages.home.welcome', { name: user.userName })}
        </Typography.Title>
        <Space wrap>
          {canMonitor ? (
            <Button onClick={() => navigate(DEVICE_CENTRE_PATH)}>
              {t('pages.home.entrance.deviceCentre')}
            </Button>
          ) : null}
          {ENTRANCES.map((entrance) =>
            typeof entrance.url === 'string' && entrance.url ? (
              <Button key={entrance.key} href={entrance.url} target="_blank" rel="noreferrer">
                {t(entrance.key)}
              </Button>
            ) : (
              <Tooltip key={entrance.key} title={t('pages.home.entrance.notConfigured')}>
                <Button disabled>{t(entrance.key)}</Button>
              </Tooltip>
            ),
          )}
          <Button onClick={() => navigate('/openVip/subscriptionVip')}>
            {t('pages.home.entrance.personalCentre')}
          </Button>
        </Space>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t('pages.home.map.title')} styles={{ body: { padding: 12 } }}>
            <ProjectMap markers={NO_MARKERS} height={360} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            title={t('pages.home.stats.title')}
            extra={
              <Segmented<DateRange>
                value={range}
                onChange={setRange}
                options={[
                  { value: 'month', label: t('pages.home.range.month') },
                  { value: 'year', label: t('pages.home.range.year') },
                  { value: 'total', label: t('pages.home.range.total') },
                ]}
                data-testid="home-range"
              />
            }
          >
            <Row gutter={[12, 12]}>
              {STATISTICS.map((key) => (
                <Col span={12} key={key}>
                  <Statistic title={t(key)} value={t('pages.home.noData')} valueStyle={{ fontSize: 16 }} />
                </Col>
              ))}
            </Row>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('pages.home.stats.empty')}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
      <Card title={t('pages.home.projects.title')}>
        <Table
          rowKey="id"
          dataSource={[]}
          scroll={{ x: 1100 }}
          pagination={{ defaultPageSize: 20, pageSizeOptions: [10, 20, 30, 50], showSizeChanger: true }}
          columns={COLUMNS.map((key) => ({ key, title: t(key), dataIndex: key }))}
          locale={{
            emptyText: (
              <Empty description={t('pages.home.projects.empty')}>
                <Button type="primary" onClick={() => navigate('/tools/auxiliaryDecision')}>
                  {t('pages.home.projects.create')}
                </Button>
              </Empty>
            ),
          }}
        />
      </Card>
    </Space>
  );
}
