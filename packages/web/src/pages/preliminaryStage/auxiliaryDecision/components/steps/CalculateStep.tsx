import { Alert, Button, Descriptions, Progress, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CalculationState } from '../../hooks';
import type { UpgradeNotice } from '../upgrade';

export interface CalculateStepProps {
  /** What will be calculated, label → value. */
  readonly summary: readonly { readonly label: string; readonly value: ReactNode }[];
  readonly state: CalculationState;
  /** A member option refused by the server, with its upgrade link. */
  readonly upgrade: UpgradeNotice | null;
}

/** The last step: what goes into the calculation, then the job's progress or its failure. */
export function CalculateStep({ summary, state, upgrade }: CalculateStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        size="small"
        bordered
        column={1}
        title={t('assessmentFlow.calculate.summary')}
        items={summary.map((item, index) => ({
          key: String(index),
          label: item.label,
          children: item.value,
        }))}
      />
      {state.running || state.progress > 0 ? (
        <Progress
          percent={Math.round(state.progress)}
          status={state.failure ? 'exception' : state.running ? 'active' : 'normal'}
          data-testid="assessment-progress"
        />
      ) : (
        <Typography.Text type="secondary">{t('assessmentFlow.calculate.hint')}</Typography.Text>
      )}
      {state.running ? <span>{t('assessment.flow.running')}</span> : null}
      {state.failure ? <Alert type="error" showIcon message={state.failure} /> : null}
      {upgrade ? (
        <Alert
          type="warning"
          showIcon
          data-testid="flow-upgrade"
          message={upgrade.message}
          action={
            <Button size="small" type="primary" onClick={() => navigate(upgrade.upgradeUrl)}>
              {t('assessmentFlow.upgrade')}
            </Button>
          }
        />
      ) : null}
    </Space>
  );
}
