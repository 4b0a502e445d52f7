import { CrownFilled } from '@ant-design/icons';
import { UPGRADE_URL } from '@pvplan/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Col, Form, InputNumber, Radio, Row, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { getScrLowerLimit } from '../../../../../api/price';
import { useCurrentUser } from '../../../../../app/useCurrentUser';
import { SETTLEMENT_CHOICES } from '../newAssessment';

/**
 * PV+storage options: the settlement mode, a self-consumption target (the area's lower limit as the
 * hint), and the member options (capacity optimisation, settlement comparison, spec 001 §6). A free
 * user sees them with the upgrade link; the server refuses them to him in any case.
 */
export function PvesOptionsSection({ areaCode }: { readonly areaCode: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tier = useCurrentUser().data?.tier ?? 0;
  const member = tier >= 1;
  const limit = useQuery({
    queryKey: ['price', 'scrLowerLimit', areaCode],
    queryFn: ({ signal }) => getScrLowerLimit(areaCode as string, signal),
    enabled: Boolean(areaCode),
    staleTime: 10 * 60_000,
    retry: false,
  });
  const lowerLimit = limit.data?.lowerLimitPct ?? null;
  const memberTag = (
    <Tag color="gold" icon={<CrownFilled />}>
      {t('assessmentFlow.pves.memberTag')}
    </Tag>
  );
  return (
    <>
      <Form.Item name="settlement" label={t('assessmentFlow.pves.settlement')}>
        <Radio.Group
          data-testid="flow-settlement"
          options={SETTLEMENT_CHOICES.map((value) => ({
            value,
            label: t(`assessmentFlow.pves.settlement.${value}`),
          }))}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="selfConsumptionTargetPercent"
            label={t('assessmentFlow.pves.target')}
            extra={
              lowerLimit !== null
                ? t('assessmentFlow.pves.targetLimit', { percent: lowerLimit })
                : t('assessmentFlow.pves.targetHint')
            }
          >
            <InputNumber min={0} max={100} style={{ width: '100%' }} addonAfter="%" />
          </Form.Item>
        </Col>
      </Row>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Form.Item name="optimiseCapacity" valuePropName="checked" noStyle>
          <Checkbox disabled={!member} data-testid="flow-optimise-capacity">
            {t('assessmentFlow.pves.optimiseCapacity')} {memberTag}
          </Checkbox>
        </Form.Item>
        <Form.Item name="compareSettlement" valuePropName="checked" noStyle>
          <Checkbox disabled={!member} data-testid="flow-compare-settlement">
            {t('assessmentFlow.pves.compareSettlement')} {memberTag}
          </Checkbox>
        </Form.Item>
        {member ? null : (
          <Alert
            type="info"
            showIcon
            message={t('assessmentFlow.pves.memberOnly')}
            action={
              <Button size="small" type="primary" onClick={() => navigate(UPGRADE_URL)}>
                {t('assessmentFlow.upgrade')}
              </Button>
            }
          />
        )}
      </Space>
    </>
  );
}
