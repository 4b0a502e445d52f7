import { PROJECT_TYPES, type ProjectType } from '@pvplan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Drawer, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ASSESSMENT_QUERY_KEY } from '../../../../features/assessment/keys';
import { AssessmentFlow } from './AssessmentFlow';
import { FastEstimateFlow } from './fast/FastEstimateFlow';

export interface NewAssessmentDrawerProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

/**
 * The new assessment (spec 001 §2 auxiliaryDecision: pv, es, pves and the quick storage estimate).
 * The variant is chosen first and fixed once the project exists; the quick estimate has its own
 * short form. A finished calculation opens the variant's result page.
 */
export function NewAssessmentDrawer({ open, onClose }: NewAssessmentDrawerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [variant, setVariant] = useState<ProjectType>('pv');
  const [created, setCreated] = useState(false);
  // A new key per opening: every flow starts empty.
  const [session, setSession] = useState(0);

  const close = () => {
    if (created) void queryClient.invalidateQueries({ queryKey: ASSESSMENT_QUERY_KEY });
    setCreated(false);
    setVariant('pv');
    setSession((current) => current + 1);
    onClose();
  };
  const done = (path: string) => {
    void queryClient.invalidateQueries({ queryKey: ASSESSMENT_QUERY_KEY });
    close();
    navigate(path);
  };
  const onCreated = () => setCreated(true);

  return (
    <Drawer
      open={open}
      onClose={close}
      width="min(1080px, 100vw)"
      maskClosable={false}
      title={t('assessment.new.title')}
      destroyOnHidden
    >
      <Space direction="vertical" size={4} style={{ marginBottom: 16, width: '100%' }}>
        <Segmented<ProjectType>
          block
          value={variant}
          disabled={created}
          onChange={setVariant}
          data-testid="assessment-variant"
          options={PROJECT_TYPES.map((value) => ({
            value,
            label: <span data-testid={`assessment-variant-${value}`}>{t(`assessment.type.${value}`)}</span>,
          }))}
        />
        <Typography.Text type="secondary">{t(`assessmentFlow.variant.hint.${variant}`)}</Typography.Text>
      </Space>
      {variant === 'fast' ? (
        <FastEstimateFlow key={`fast-${session}`} onCreated={onCreated} onDone={done} />
      ) : (
        <AssessmentFlow key={`${variant}-${session}`} variant={variant} onCreated={onCreated} onDone={done} />
      )}
    </Drawer>
  );
}
