import { CheckCircleFilled, CrownFilled, FileTextOutlined, LockOutlined } from '@ant-design/icons';
import type { Tier } from '@pvplan/contract';
import { Button, Card, Col, Flex, Row, Skeleton, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  InvoiceApplicationDialog,
  PointsView,
  UsageView,
  useFeatureName,
  useUsageCapacity,
  useVipFeatures,
} from '../../../features/membership';
import { useDocumentTitle } from '../../../utils/useDocumentTitle';

const SUBSCRIPTION_PATH = '/openVip/subscriptionVip';

/**
 * The tools page (/openVip/tools; spec 000 §2): every tool group of spec 001 §6 with what the
 * user's tier may use (the lowest tier each needs otherwise), the usage with its top-up packs, the
 * user's points with their ledger, the way to the membership page, and the invoice application for
 * paid orders.
 */
export default function OpenVipToolsPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  useDocumentTitle(t('routes.openVipTools'));
  const features = useVipFeatures();
  const featureName = useFeatureName();
  const usage = useUsageCapacity();
  const [invoiceOpen, setInvoiceOpen] = useState(false);
  const tier: Tier = usage.data?.tier ?? 0;
  const tierName = (value: number) =>
    t(value === 2 ? 'membership.tier.2' : value === 1 ? 'membership.tier.1' : 'membership.tier.0');

  return (
    <Flex vertical gap={16} data-testid="page-openvip-tools">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={3} style={{ marginBottom: 4 }}>
            {t('membership.tools.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('membership.tools.subtitle')}</Typography.Text>
        </div>
        <Flex gap={8}>
          <Button
            icon={<FileTextOutlined />}
            onClick={() => setInvoiceOpen(true)}
            data-testid="tools-invoice"
          >
            {t('membership.invoice.open')}
          </Button>
          <Button
            type="primary"
            icon={<CrownFilled />}
            onClick={() => navigate(SUBSCRIPTION_PATH, { state: { from: '/openVip/tools' } })}
          >
            {t('membership.tools.upgrade')}
          </Button>
        </Flex>
      </Flex>
      <InvoiceApplicationDialog open={invoiceOpen} onClose={() => setInvoiceOpen(false)} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          {features.isPending ? (
            <Skeleton active />
          ) : (
            <Row gutter={[12, 12]}>
              {(features.data?.groups ?? []).map((group) => {
                const minTier = Math.min(...group.children.flatMap((child) => child.canUseIdentity)) as Tier;
                const open = tier >= minTier;
                return (
                  <Col key={group.key} xs={24} md={12}>
                    <Card
                      size="small"
                      title={featureName(group)}
                      data-testid={`tool-group-${group.key}`}
                      extra={
                        open ? (
                          <Tag icon={<CheckCircleFilled />} color="success" style={{ marginInlineEnd: 0 }}>
                            {t('membership.tools.available')}
                          </Tag>
                        ) : (
                          <Tag icon={<LockOutlined />} color="warning" style={{ marginInlineEnd: 0 }}>
                            {t('membership.tools.locked', { tier: tierName(minTier) })}
                          </Tag>
                        )
                      }
                      style={{ height: '100%' }}
                      styles={{ header: { gap: 8 } }}
                    >
                      <Flex wrap gap={6}>
                        {group.children.map((child) => (
                          <Tag
                            key={child.key}
                            style={{
                              color: child.canUseIdentity.includes(tier)
                                ? undefined
                                : token.colorTextDisabled,
                            }}
                          >
                            {featureName(child)}
                          </Tag>
                        ))}
                      </Flex>
                    </Card>
                  </Col>
                );
              })}
            </Row>
          )}
        </Col>
        <Col xs={24} lg={8}>
          <Flex vertical gap={16}>
            <UsageView />
            <PointsView />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
