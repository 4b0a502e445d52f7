import { PROJECT_TYPES, type ProjectType } from '@pvplan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Drawer, Empty, Segmented, Space, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ASSESSMENT_QUERY_KEY } from '../../../../features/assessment/keys';
import type { ReopenedProject } from '../hooks';
import { AssessmentFlow } from './AssessmentFlow';
import { FastEstimateFlow } from './fast/FastEstimateFlow';

export interface NewAssessmentDrawerProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /**
   * A saved project to open again (/tools/auxiliaryDecision?projId=…): undefined for a new
   * assessment, null while it loads or when it could not be loaded (`reopenFailed`).
   */
  readonly reopen?: ReopenedProject | null;
  readonly reopenFailed?: boolean;
}

/**
 * The new assessment (spec 001 §2 auxiliaryDecision: pv, es, pves and the quick storage estimate).
 * The variant is chosen first and fixed once the project exists; the quick estimate has its own
 * short form. A saved project (a quick estimate too) opens again on its saved values, to be edited
 * and calculated as a new plan version. A finished calculation opens the variant's result page.
 */
export function NewAssessmentDrawer({
  open,
  onClose,
  reopen,
  reopenFailed = false,
}: NewAssessmentDrawerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ProjectType>('pv');
  const [created, setCreated] = useState(false);
  // A new key per opening: every flow starts empty.
  const [session, setSession] = useState(0);
  const reopening = reopen !== undefined;
  const project = reopen?.saved.project ?? null;
  const variant = project?.projType ?? chosen;

  const close = () => {
    if (created || reopening) void queryClient.invalidateQueries({ queryKey: ASSESSMENT_QUERY_KEY });
    setCreated(false);
    setChosen('pv');
    setSession((current) => current + 1);
    onClose();
  };
  const done = (path: string) => {
    void queryClient.invalidateQueries({ queryKey: ASSESSMENT_QUERY_KEY });
    close();
    navigate(path);
  };
  const onCreated = () => setCreated(true);

  let body: ReactNode;
  if (reopening && !reopen) {
    body = reopenFailed ? (
      <Empty description={t('assessmentFlow.reopen.failed')} />
    ) : (
      <Spin style={{ display: 'block', margin: 48 }} />
    );
  } else if (reopen && project) {
    const readOnly = project.locked === 1 ? 'locked' : project.role === 'view' ? 'viewOnly' : null;
    body = (
      <>
        <Alert
          type={readOnly ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          message={t(
            readOnly
              ? `assessmentFlow.reopen.${readOnly}`
              : reopen.kind === 'fast'
                ? 'assessmentFlow.reopen.hintFast'
                : 'assessmentFlow.reopen.hint',
          )}
          data-testid="assessment-reopen-notice"
        />
        {reopen.kind === 'fast' ? (
          <FastEstimateFlow
            key={`reopen-${project.projId}-${session}`}
            reopened={{ projId: project.projId, values: reopen.values }}
            onCreated={onCreated}
            onDone={done}
          />
        ) : (
          <AssessmentFlow
            key={`reopen-${project.projId}-${session}`}
            variant={reopen.variant}
            reopened={{ projId: project.projId, values: reopen.values }}
            onCreated={onCreated}
            onDone={done}
          />
        )}
      </>
    );
  } else {
    body = (
      <>
        <Space direction="vertical" size={4} style={{ marginBottom: 16, width: '100%' }}>
          <Segmented<ProjectType>
            block
            value={chosen}
            disabled={created}
            onChange={setChosen}
            data-testid="assessment-variant"
            options={PROJECT_TYPES.map((value) => ({
              value,
              label: <span data-testid={`assessment-variant-${value}`}>{t(`assessment.type.${value}`)}</span>,
            }))}
          />
          <Typography.Text type="secondary">{t(`assessmentFlow.variant.hint.${variant}`)}</Typography.Text>
        </Space>
        {chosen === 'fast' ? (
          <FastEstimateFlow key={`fast-${session}`} onCreated={onCreated} onDone={done} />
        ) : (
          <AssessmentFlow key={`${chosen}-${session}`} variant={chosen} onCreated={onCreated} onDone={done} />
        )}
      </>
    );
  }

  return (
    <Drawer
      open={open}
      onClose={close}
      width="min(1080px, 100vw)"
      maskClosable={false}
      title={
        project
          ? project.projType === 'fast'
            ? t('assessmentFlow.reopen.titleFast', { name: project.projName })
            : t('assessmentFlow.reopen.title', {
                name: project.projName,
                type: t(`assessment.type.${project.projType}`),
              })
          : t('assessment.new.title')
      }
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
