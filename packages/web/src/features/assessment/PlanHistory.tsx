import type { PlanView } from '@pvplan/contract';
import { Button, Card, Space, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { percentText, timeText } from './assessmentFormat';

export interface PlanHistoryProps {
  readonly plans: readonly PlanView[];
  readonly loading: boolean;
  /** The plan shown on the page. */
  readonly shownPlanId: number | null;
  readonly projectLocked: boolean;
  readonly onView: (plan: PlanView) => void;
  readonly onLock: (plan: PlanView) => void;
  readonly onRestore: (plan: PlanView) => void;
  readonly onUnlock: () => void;
}

/** The plan versions of a project, newest first, with view / lock / restore. */
export function PlanHistory(props: PlanHistoryProps) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('assessment.history.title')}
      extra={
        props.projectLocked ? (
          <Button size="small" onClick={props.onUnlock} data-testid="assessment-unlock">
            {t('assessment.history.unlock')}
          </Button>
        ) : null
      }
    >
      <Table<PlanView>
        rowKey="planId"
        size="small"
        loading={props.loading}
        dataSource={[...props.plans]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('assessment.history.version'), dataIndex: 'version', width: 80 },
          {
            title: t('assessment.history.name'),
            dataIndex: 'name',
            render: (name: string, plan) => (
              <Space>
                {name}
                {plan.current ? <Tag color="blue">{t('assessment.history.current')}</Tag> : null}
                {plan.locked ? <Tag color="red">{t('assessment.lock.locked')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('assessment.history.status'),
            dataIndex: 'status',
            render: (status: PlanView['status']) => t(`assessment.status.${status}`),
          },
          {
            title: t('assessment.list.irr'),
            key: 'irr',
            render: (_: unknown, plan) => percentText(plan.headline.projectIrrAfterTax) ?? '-',
          },
          {
            title: t('assessment.list.updateTime'),
            dataIndex: 'createTime',
            render: (time: string) => timeText(time),
          },
          {
            title: t('assessment.list.actions'),
            key: 'actions',
            render: (_: unknown, plan) => (
              <Space size="small">
                <Tooltip
                  title={plan.planId === props.shownPlanId ? t('assessment.history.viewingHint') : undefined}
                >
                  <Button
                    type="link"
                    size="small"
                    disabled={plan.status !== 'succeeded' || plan.planId === props.shownPlanId}
                    onClick={() => props.onView(plan)}
                  >
                    {t('assessment.history.view')}
                  </Button>
                </Tooltip>
                <Button
                  type="link"
                  size="small"
                  disabled={plan.status !== 'succeeded' || props.projectLocked}
                  onClick={() => props.onLock(plan)}
                >
                  {t('assessment.history.lock')}
                </Button>
                <Tooltip
                  title={
                    props.projectLocked
                      ? t('assessment.history.lockedHint')
                      : plan.current
                        ? t('assessment.history.currentHint')
                        : undefined
                  }
                >
                  <Button
                    type="link"
                    size="small"
                    disabled={plan.status !== 'succeeded' || plan.current || props.projectLocked}
                    onClick={() => props.onRestore(plan)}
                  >
                    {t('assessment.history.restore')}
                  </Button>
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
