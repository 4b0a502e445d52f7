import { CheckCircleFilled } from '@ant-design/icons';
import { type PackType, TOP_UP_DIALOG_WIDTH_PX, type VipPackage } from '@pvplan/contract';
import { App, Button, Card, Col, Empty, Flex, Modal, Row, Spin, Tag, Typography, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVipList } from './hooks';
import {
  areaText,
  discountLabelValue,
  discountValueFor,
  keepSelection,
  packToBuy,
  priceText,
  showsAmountPayable,
  visiblePacks,
  yuanText,
} from './packRules';
import { QrPaymentDialog } from './QrPaymentDialog';

export interface TopUpDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** search_capacity (MW) or survey_area (万m²). */
  readonly vipType: PackType;
  /** Called after a successful payment, when both dialogs have closed. */
  readonly onPaid?: () => void;
}

/**
 * Buying a top-up pack (spec 001 §4, §5, §9; dialog 1200 px): the on-sale packs of the chosen type,
 * the first preselected and exactly one active, a discount label when 0 < discount < 10, the
 * original price per spec 001 §9, the amount payable only for a price above 0, and Buy opening the
 * QR payment dialog (430 px). Paid closes both dialogs; cancelling closes the QR dialog with 取消支付！.
 */
export function TopUpDialog(props: TopUpDialogProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const list = useVipList(props.vipType, props.open);
  const packs = useMemo(() => visiblePacks(list.data, props.vipType), [list.data, props.vipType]);
  const [selected, setSelected] = useState<number | null>(null);
  const [paying, setPaying] = useState<VipPackage | null>(null);

  useEffect(() => {
    setSelected((current) => keepSelection(current, packs));
  }, [packs]);
  useEffect(() => {
    if (!props.open) {
      setSelected(null);
      setPaying(null);
    }
  }, [props.open]);

  const chosen = packs.find((pack) => pack.id === selected) ?? null;
  const buy = () => {
    const pack = packToBuy(packs, selected);
    if (!pack) {
      void message.warning(t('membership.topUp.selectFirst'));
      return;
    }
    setPaying(pack);
  };
  const amountOf = (pack: VipPackage) =>
    pack.vipType === 'search_capacity'
      ? t('membership.topUp.capacityAmount', { value: pack.designCapacityMw })
      : t('membership.topUp.areaAmount', { value: areaText(pack.surveyAreaWanM2, i18n.language) });

  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={t(
        props.vipType === 'search_capacity'
          ? 'membership.topUp.title.capacity'
          : 'membership.topUp.title.area',
      )}
      width={TOP_UP_DIALOG_WIDTH_PX}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" align="center" gap={16}>
          {chosen && showsAmountPayable(chosen.priceFen) ? (
            <Typography.Text data-testid="top-up-payable">
              {t('membership.topUp.amountPayable')}
              <Typography.Text strong type="danger" style={{ fontSize: 20 }}>
                ¥{priceText(chosen.priceFen)}
              </Typography.Text>
            </Typography.Text>
          ) : null}
          <Button type="primary" size="large" onClick={buy} data-testid="top-up-buy">
            {t('membership.topUp.buy')}
          </Button>
        </Flex>
      }
    >
      <div data-testid="dialog-top-up">
        {list.isPending ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        ) : packs.length === 0 ? (
          <Empty description={t('membership.topUp.empty')} />
        ) : (
          <Row gutter={[16, 16]}>
            {packs.map((pack) => {
              const active = pack.id === selected;
              const discount = discountLabelValue(pack.discount);
              return (
                <Col key={pack.id} xs={24} sm={12} md={8}>
                  <Card
                    hoverable
                    onClick={() => setSelected(pack.id)}
                    data-testid={`top-up-pack-${pack.id}`}
                    data-active={active}
                    style={{
                      borderColor: active ? token.colorPrimary : undefined,
                      borderWidth: active ? 2 : 1,
                      position: 'relative',
                    }}
                  >
                    {active ? (
                      <CheckCircleFilled
                        style={{
                          position: 'absolute',
                          top: 8,
                          right: 8,
                          color: token.colorPrimary,
                          fontSize: 18,
                        }}
                      />
                    ) : null}
                    <Flex vertical gap={6}>
                      <Typography.Text strong>{pack.vipName}</Typography.Text>
                      <Typography.Title level={3} style={{ margin: 0 }}>
                        {amountOf(pack)}
                      </Typography.Title>
                      <Flex align="baseline" gap={8} wrap>
                        <Typography.Text strong type="danger" style={{ fontSize: 20 }}>
                          ¥{priceText(pack.priceFen)}
                        </Typography.Text>
                        {pack.totalPriceYuan !== null ? (
                          <Typography.Text delete type="secondary" data-testid="top-up-original">
                            {t('membership.topUp.originalPrice', { price: yuanText(pack.totalPriceYuan) })}
                          </Typography.Text>
                        ) : null}
                        {discount ? (
                          <Tag color="red" data-testid="top-up-discount">
                            {t('membership.topUp.discount', {
                              value: discountValueFor(pack.discount, i18n.language),
                            })}
                          </Tag>
                        ) : null}
                      </Flex>
                    </Flex>
                  </Card>
                </Col>
              );
            })}
          </Row>
        )}
      </div>
      <QrPaymentDialog
        pack={paying}
        onPaid={() => {
          setPaying(null);
          props.onClose();
          props.onPaid?.();
        }}
        onExpired={() => {
          // Spec 001 §4 emits "paid" in fuel-bag mode at expiry (the parent closes the dialogs); we
          // close only the QR dialog and say why, so the user can buy again with a fresh code.
          setPaying(null);
          void message.error(t('membership.pay.expired'));
        }}
        onCancel={() => {
          setPaying(null);
          void message.error(t('membership.pay.cancelled'));
        }}
      />
    </Modal>
  );
}
