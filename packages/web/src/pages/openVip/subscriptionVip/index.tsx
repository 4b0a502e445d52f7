import { CheckOutlined, CloseOutlined, CrownFilled, QuestionCircleOutlined } from '@ant-design/icons';
import { PLAN_TYPE_MEMBERSHIP, type QrOrder, type Tier, type VipPackage } from '@pvplan/contract';
import { App, Button, Card, Col, Empty, Flex, Row, Skeleton, Table, Tag, Typography, theme } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useIsMobile } from '../../../app/layout/useLayoutMode';
import { useCurrentUser } from '../../../app/useCurrentUser';
import {
  PaymentProblemDialog,
  priceText,
  QrPayment,
  rememberReturnRoute,
  TrialApplicationDialog,
  takeReturnRoute,
  UsageView,
  useFeatureName,
  useOnceVipIds,
  usePlanQuotaLine,
  useUsageCapacity,
  useVipFeatures,
  useVipList,
  visiblePlans,
  yuanText,
} from '../../../features/membership';
import { useDocumentTitle } from '../../../utils/useDocumentTitle';

interface ComparisonRow {
  readonly key: string;
  readonly name: string;
  readonly group: boolean;
  readonly tiers: readonly Tier[];
}

/**
 * The membership purchase page (/openVip/subscriptionVip; spec 000 §2, 001 §4, §6): the plans, a QR
 * payment for the clicked plan (clicking a plan again renews an expired code: 二维码过期，点击套餐更新二维码！),
 * the tier comparison feature by feature, the usage with its top-up packs, the trial application
 * for the premium plan and the payment-problem dialog. After payment the user goes back to where
 * they came from (or home).
 */
export default function SubscriptionVipPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle(t('routes.subscriptionVip'));
  const user = useCurrentUser().data;
  const usage = useUsageCapacity();
  const plans = useVipList(PLAN_TYPE_MEMBERSHIP);
  const features = useVipFeatures();
  const featureName = useFeatureName();
  const quotaLine = usePlanQuotaLine();
  const onceIds = useOnceVipIds();
  const [selected, setSelected] = useState<VipPackage | null>(null);
  const [round, setRound] = useState(0);
  const [order, setOrder] = useState<QrOrder | null>(null);
  const [trialOpen, setTrialOpen] = useState(false);
  const [problemOpen, setProblemOpen] = useState(false);
  const mobile = useIsMobile();
  const payCard = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const from = (location.state as { from?: unknown } | null)?.from;
    if (typeof from === 'string') rememberReturnRoute(from);
  }, [location.state]);

  const currentTier: Tier = usage.data?.tier ?? user?.tier ?? 0;
  const listed = useMemo(() => visiblePlans(plans.data), [plans.data]);
  const unavailable = (plan: VipPackage): string | null => {
    if (plan.onceOnly === 1 && onceIds.data?.includes(plan.id)) return t('membership.page.bought');
    if (currentTier > plan.tier) return t('membership.page.lowerTier');
    return null;
  };

  const choose = (plan: VipPackage) => {
    if (unavailable(plan)) return;
    setSelected(plan);
    // Clicking a plan (again) asks for a fresh QR: a new order, a new 600 s countdown.
    setRound((value) => value + 1);
    // On a phone the payment card is below every plan: bring the new QR code into view.
    if (mobile) payCard.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const rows: ComparisonRow[] = (features.data?.groups ?? []).flatMap((group) => [
    { key: group.key, name: featureName(group), group: true, tiers: [] },
    ...group.children.map((child) => ({
      key: child.key,
      name: featureName(child),
      group: false,
      tiers: child.canUseIdentity,
    })),
  ]);
  const tierColumn = (tier: Tier) => ({
    title: (
      <Flex gap={4} align="center" justify="center" vertical={mobile} style={mobile ? { fontSize: 12 } : {}}>
        {t(tier === 2 ? 'membership.tier.2' : tier === 1 ? 'membership.tier.1' : 'membership.tier.0')}
        {tier === currentTier ? (
          <Tag
            color="gold"
            style={{ marginInlineEnd: 0, ...(mobile ? { fontSize: 11, paddingInline: 4 } : {}) }}
          >
            {t('membership.page.current')}
          </Tag>
        ) : null}
      </Flex>
    ),
    key: `tier-${tier}`,
    align: 'center' as const,
    // Phones: three narrow tier columns beside the feature names, no sideways scrolling.
    width: mobile ? 64 : 160,
    onCell: () => ({ style: tier === currentTier ? { background: token.colorWarningBg } : {} }),
    render: (_: unknown, row: ComparisonRow) =>
      row.group ? null : row.tiers.includes(tier) ? (
        <CheckOutlined style={{ color: token.colorSuccess }} aria-label={t('membership.page.included')} />
      ) : (
        <CloseOutlined
          style={{ color: token.colorTextQuaternary }}
          aria-label={t('membership.page.notIncluded')}
        />
      ),
  });

  return (
    <Flex vertical gap={16} data-testid="page-subscription-vip">
      <div>
        <Typography.Title level={3} style={{ marginBottom: 4 }}>
          <CrownFilled style={{ color: token.colorWarning }} /> {t('membership.page.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('membership.page.subtitle')}</Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title={t('membership.page.plans')}>
            {plans.isPending ? (
              <Skeleton active />
            ) : listed.length === 0 ? (
              <Empty description={t('membership.page.noPlans')} />
            ) : (
              <Row gutter={[12, 12]}>
                {listed.map((plan) => {
                  const blocked = unavailable(plan);
                  const active = selected?.id === plan.id;
                  const quota = quotaLine(plan);
                  const lines = quota ? [...plan.features, quota] : plan.features;
                  return (
                    <Col key={plan.id} xs={24} sm={12} xl={8}>
                      <Card
                        hoverable={!blocked}
                        size="small"
                        onClick={() => choose(plan)}
                        data-testid={`plan-${plan.id}`}
                        data-active={active}
                        style={{
                          height: '100%',
                          opacity: blocked ? 0.55 : 1,
                          cursor: blocked ? 'not-allowed' : 'pointer',
                          borderColor: active ? token.colorPrimary : undefined,
                          borderWidth: active ? 2 : 1,
                        }}
                      >
                        <Flex vertical gap={6}>
                          <Flex justify="space-between" align="center" gap={4}>
                            <Typography.Text strong>{plan.vipName}</Typography.Text>
                            <Tag color={plan.tier === 2 ? 'gold' : 'blue'}>
                              {t(plan.tier === 2 ? 'membership.tier.2' : 'membership.tier.1')}
                            </Tag>
                          </Flex>
                          <Flex align="baseline" gap={8} wrap>
                            <Typography.Text strong type="danger" style={{ fontSize: 22 }}>
                              ¥{priceText(plan.priceFen)}
                            </Typography.Text>
                            {plan.totalPriceYuan !== null ? (
                              <Typography.Text delete type="secondary">
                                {t('membership.topUp.originalPrice', {
                                  price: yuanText(plan.totalPriceYuan),
                                })}
                              </Typography.Text>
                            ) : null}
                            <Typography.Text type="secondary">
                              {t('membership.page.days', { days: plan.memberDays })}
                            </Typography.Text>
                          </Flex>
                          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                            {lines.map((line) => (
                              <li key={line}>
                                <Typography.Text type="secondary">{line}</Typography.Text>
                              </li>
                            ))}
                          </ul>
                          {plan.onceOnly === 1 || blocked ? (
                            <Flex gap={4} wrap>
                              {plan.onceOnly === 1 ? <Tag>{t('membership.page.onceOnly')}</Tag> : null}
                              {blocked ? <Tag color="default">{blocked}</Tag> : null}
                            </Flex>
                          ) : null}
                        </Flex>
                      </Card>
                    </Col>
                  );
                })}
              </Row>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            title={t('membership.pay.title')}
            ref={payCard}
            // Clear of the phone's sticky top bar when scrolled into view.
            style={{ scrollMarginTop: 64 }}
            data-testid="subscription-pay"
          >
            {selected ? (
              <QrPayment
                pack={selected}
                round={round}
                onOrder={setOrder}
                onPaid={() => navigate(takeReturnRoute())}
                onExpired={() => void message.error(t('membership.pay.expired'))}
              />
            ) : (
              <Empty description={t('membership.page.selectPlan')} />
            )}
            <Flex justify="space-between" style={{ marginTop: 12 }} wrap>
              <Button type="link" onClick={() => setTrialOpen(true)} data-testid="open-trial">
                {t('membership.trial.apply')}
              </Button>
              <Button
                type="link"
                icon={<QuestionCircleOutlined />}
                onClick={() => setProblemOpen(true)}
                data-testid="open-payment-problem"
              >
                {t('membership.pay.problem')}
              </Button>
            </Flex>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title={t('membership.page.compare')} styles={{ body: mobile ? { padding: 12 } : {} }}>
            <Table<ComparisonRow>
              rowKey="key"
              size="small"
              pagination={false}
              loading={features.isPending}
              dataSource={rows}
              scroll={mobile ? undefined : { x: 640 }}
              columns={[
                {
                  title: t('membership.page.feature'),
                  key: 'name',
                  render: (_: unknown, row) =>
                    row.group ? (
                      <Typography.Text strong>{row.name}</Typography.Text>
                    ) : (
                      // A block, so a name that wraps keeps its indent on every line.
                      <div style={{ paddingInlineStart: mobile ? 8 : 16 }}>{row.name}</div>
                    ),
                },
                tierColumn(0),
                tierColumn(1),
                tierColumn(2),
              ]}
              data-testid="tier-comparison"
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <UsageView />
        </Col>
      </Row>
      <TrialApplicationDialog open={trialOpen} onClose={() => setTrialOpen(false)} />
      <PaymentProblemDialog
        open={problemOpen}
        onClose={() => setProblemOpen(false)}
        orderNum={order?.orderNum}
      />
    </Flex>
  );
}
