import { Button, Card, Empty, Space, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useResultParams, useShownResult } from '../../../features/assessment';
import { CustomerComments } from '../../../features/projectSharing';
import { useDocumentTitle } from '../../../utils/useDocumentTitle';
import { resultPathOf } from '../auxiliaryDecision/resultPath';
import { ConfigsTab } from './components/ConfigsTab';
import { EconomicsTab } from './components/EconomicsTab';
import { LoadTab } from './components/LoadTab';
import { ReportTab } from './components/ReportTab';

type TabKey = 'load' | 'configs' | 'economics' | 'report' | 'comments';

/**
 * The storage estimate detail (spec 001 §2 storedEnergyDetail, ?projId=…&planId=…): tabs for the
 * electrical load, the configs (read-only, with a link to edit), the economic evaluation and the
 * estimation report (Word / PDF export), and the customer comments (客户沟通记录).
 */
export default function StoredEnergyDetail() {
  const { t } = useTranslation();
  useDocumentTitle(t('assessment.detail.title'));
  const navigate = useNavigate();
  const { projId, planId } = useResultParams();
  const [tab, setTab] = useState<TabKey>('load');
  const { project, fast, hasPlan, result } = useShownResult(projId, planId);
  const shownProject = project.data;

  if (projId === '') return <Empty description={t('assessment.result.noProject')} />;
  if (project.isLoading || !shownProject) return <Spin style={{ display: 'block', margin: 48 }} />;
  const projType = shownProject.projType;

  const summary = result.data?.summary ?? null;
  const shownPlanId = result.data?.plan.planId ?? planId;
  const noResult = result.isLoading ? (
    <Spin style={{ display: 'block', margin: 48 }} />
  ) : (
    <Empty description={t(hasPlan ? 'assessment.result.notFinished' : 'assessment.result.noPlan')} />
  );
  const back = () => navigate(resultPathOf(projType, projId, shownPlanId));

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="assessment-detail">
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {project.data?.projName ?? ''}
            {result.data ? ` · ${result.data.plan.name}` : ''}
          </Typography.Title>
          <Space>
            <Button onClick={back}>{t('assessment.detail.backToResult')}</Button>
            <Button onClick={() => navigate('/tools/auxiliaryDecision')}>
              {t('assessment.result.back')}
            </Button>
          </Space>
        </Space>
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as TabKey)}
          items={[
            {
              key: 'load',
              label: t('assessment.detail.tab.load'),
              children: <LoadTab projId={projId} summary={summary} />,
            },
            {
              key: 'configs',
              label: t('assessment.detail.tab.configs'),
              children: <ConfigsTab projId={projId} project={shownProject} />,
            },
            {
              key: 'economics',
              label: t('assessment.detail.tab.economics'),
              children: summary ? <EconomicsTab summary={summary} /> : noResult,
            },
            {
              key: 'report',
              label: t('assessment.detail.tab.report'),
              children: (
                <ReportTab
                  projId={projId}
                  planId={shownPlanId}
                  planName={result.data?.plan.name ?? null}
                  fast={fast}
                  ready={summary !== null}
                />
              ),
            },
            {
              key: 'comments',
              label: <span data-testid="detail-tab-comments">{t('projectSharing.comments.title')}</span>,
              children: <CustomerComments projId={projId} />,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
