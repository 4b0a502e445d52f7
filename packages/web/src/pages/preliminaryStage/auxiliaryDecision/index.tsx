import { PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import { PAGE_SIZE_CHOICES, PROJECT_TYPES, type ProjectType, type ProjectView } from '@pvplan/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { type ProjectSearch, searchProjects } from '../../../api/projects';
import { ASSESSMENT_QUERY_KEY, numberText, percentText, timeText } from '../../../features/assessment';
import {
  canEditProject,
  canShareProject,
  ShareDialog,
  SharedTag,
  shareableProjects,
} from '../../../features/projectSharing';
import { useDocumentTitle } from '../../../utils/useDocumentTitle';
import { NewAssessmentDrawer } from './components/NewAssessmentDrawer';
import { useReopenedProject } from './hooks';
import { resultPathOf } from './resultPath';

interface Filters {
  projName?: string;
  projType?: ProjectType;
  locked?: 0 | 1;
}

/** Tag colours of the variants in the list. */
const TYPE_COLORS: Readonly<Record<ProjectType, string>> = {
  pv: 'gold',
  es: 'green',
  pves: 'blue',
  fast: 'purple',
};

/** The search body of the filters and paging (blank filters left out). */
function searchBodyOf(filters: Filters, paging: { pageNum: number; pageSize: number }): ProjectSearch {
  return {
    ...paging,
    ...(filters.projName?.trim() ? { projName: filters.projName.trim() } : {}),
    ...(filters.projType ? { projType: filters.projType } : {}),
    ...(filters.locked !== undefined ? { locked: filters.locked } : {}),
  };
}

/**
 * /tools/auxiliaryDecision: the income-assessment list (spec 001 §2) and the new-assessment flow;
 * `?projId=…` (the edit links of the list, of the result pages and of the detail page) opens that
 * project in the flow.
 */
export default function AuxiliaryDecisionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('assessment.list.title'));
  const navigate = useNavigate();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [creating, setCreating] = useState(false);
  // The projects the share dialog is open on (empty: closed) and the rows ticked for a batch share.
  const [sharing, setSharing] = useState<readonly Pick<ProjectView, 'projId' | 'projName'>[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  // The visit whose project flow was closed: the view stays alive (hidden) on that location when the
  // flow ends by opening a result page, so the flow must not open again there; a new visit does.
  const [closedVisit, setClosedVisit] = useState<string | null>(null);
  const reopenId = closedVisit === location.key ? null : params.get('projId') || null;
  const reopened = useReopenedProject(reopenId);
  const edit = (projId: string) => setParams({ projId });
  const closeFlow = () => {
    setCreating(false);
    if (reopenId) {
      setClosedVisit(location.key);
      setParams({}, { replace: true });
    }
  };

  const body = searchBodyOf(filters, paging);
  const list = useQuery({
    queryKey: [...ASSESSMENT_QUERY_KEY, 'search', body],
    queryFn: ({ signal }) => searchProjects(body, signal),
    placeholderData: keepPreviousData,
  });

  const rows = list.data?.list ?? [];
  const shareSelected = shareableProjects(rows, selected);

  const apply = () => {
    const next = form.getFieldsValue();
    // The same search again reads the list afresh (projects shared or revoked meanwhile).
    if (JSON.stringify(searchBodyOf(next, { ...paging, pageNum: 1 })) === JSON.stringify(body)) {
      void list.refetch();
      return;
    }
    setFilters(next);
    setPaging((current) => ({ ...current, pageNum: 1 }));
  };
  const reset = () => {
    form.resetFields();
    setFilters({});
    setPaging((current) => ({ ...current, pageNum: 1 }));
  };

  return (
    <Card
      title={t('assessment.list.title')}
      extra={
        <Space>
          <Tooltip
            title={shareSelected.length === 0 ? t('projectSharing.action.shareSelectedHint') : undefined}
          >
            <Button
              icon={<ShareAltOutlined />}
              disabled={shareSelected.length === 0}
              onClick={() => setSharing(shareSelected)}
              data-testid="assessment-share-selected"
            >
              {t('projectSharing.action.shareSelected')}
            </Button>
          </Tooltip>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="assessment-new"
          >
            {t('assessment.list.new')}
          </Button>
        </Space>
      }
    >
      <Form<Filters> form={form} layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="projName" label={t('assessment.list.name')}>
          <Input
            allowClear
            maxLength={64}
            placeholder={t('assessment.list.namePlaceholder')}
            data-testid="assessment-search-name"
          />
        </Form.Item>
        <Form.Item name="projType" label={t('assessment.list.type')}>
          <Select
            allowClear
            style={{ width: 160 }}
            options={PROJECT_TYPES.map((value) => ({ value, label: t(`assessment.type.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="locked" label={t('assessment.list.lock')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 1, label: t('assessment.lock.locked') },
              { value: 0, label: t('assessment.lock.unlocked') },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="assessment-search">
            {t('assessment.list.search')}
          </Button>
          <Button onClick={reset}>{t('assessment.list.reset')}</Button>
        </Space>
      </Form>
      <Table<ProjectView>
        rowKey="projId"
        size="middle"
        loading={list.isFetching}
        dataSource={rows}
        data-testid="assessment-list"
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          // Only the projects the caller owns can be shared.
          getCheckboxProps: (project) => ({ disabled: !canShareProject(project) }),
        }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_CHOICES.map(String),
          showTotal: (total) => t('assessment.list.total', { total }),
          onChange: (pageNum, pageSize) =>
            setPaging((current) => ({ pageNum: pageSize === current.pageSize ? pageNum : 1, pageSize })),
        }}
        columns={[
          {
            title: t('assessment.list.name'),
            dataIndex: 'projName',
            render: (name: string, project) => (
              // Long names wrap at this width instead of widening the scrolling table.
              <Space size={4} wrap style={{ minWidth: 120, maxWidth: 280 }}>
                <span>{name}</span>
                <SharedTag project={project} />
              </Space>
            ),
          },
          {
            title: t('assessment.list.type'),
            dataIndex: 'projType',
            render: (type: ProjectType) => (
              <Tag color={TYPE_COLORS[type]}>{t(`assessment.type.${type}`)}</Tag>
            ),
          },
          {
            title: t('assessment.list.lock'),
            dataIndex: 'locked',
            render: (locked: 0 | 1) =>
              locked ? (
                <Tag color="red">{t('assessment.lock.locked')}</Tag>
              ) : (
                <Tag>{t('assessment.lock.unlocked')}</Tag>
              ),
          },
          {
            title: t('assessment.list.capacity'),
            key: 'capacity',
            render: (_: unknown, project) => {
              const kwp = numberText(project.currentPlan?.pvCapacityKwp);
              const kwh = numberText(project.currentPlan?.storageEnergyKwh);
              const parts = [
                ...(kwp ? [`${kwp} ${t('assessment.unit.kwp')}`] : []),
                ...(kwh ? [`${kwh} ${t('assessment.unit.kwh')}`] : []),
              ];
              return parts.length > 0 ? parts.join(' + ') : '-';
            },
          },
          {
            title: t('assessment.list.irr'),
            key: 'irr',
            render: (_: unknown, project) =>
              project.currentPlan
                ? (percentText(project.currentPlan.projectIrrAfterTax) ?? t('assessment.card.none'))
                : t('assessment.list.noResult'),
          },
          { title: t('assessment.list.owner'), dataIndex: 'ownerName' },
          {
            title: t('assessment.list.updateTime'),
            dataIndex: 'updateTime',
            render: (time: string) => timeText(time),
          },
          {
            title: t('assessment.list.actions'),
            key: 'actions',
            render: (_: unknown, project) => (
              <Space size={0}>
                <Tooltip
                  title={project.currentPlanId === null ? t('assessment.list.openNoResult') : undefined}
                >
                  <Button
                    type="link"
                    size="small"
                    disabled={project.currentPlanId === null}
                    onClick={() =>
                      navigate(resultPathOf(project.projType, project.projId, project.currentPlanId))
                    }
                    data-testid={`assessment-open-${project.projId}`}
                  >
                    {t('assessment.list.open')}
                  </Button>
                </Tooltip>
                <Tooltip title={canEditProject(project) ? undefined : t('projectSharing.list.editViewOnly')}>
                  <Button
                    type="link"
                    size="small"
                    disabled={!canEditProject(project)}
                    onClick={() => edit(project.projId)}
                    data-testid={`assessment-edit-${project.projId}`}
                  >
                    {t('assessmentFlow.list.edit')}
                  </Button>
                </Tooltip>
                {canShareProject(project) ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setSharing([project])}
                    data-testid={`assessment-share-${project.projId}`}
                  >
                    {t('projectSharing.action.share')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <ShareDialog projects={sharing} onClose={() => setSharing([])} />
      <NewAssessmentDrawer
        open={creating || reopenId !== null}
        onClose={closeFlow}
        {...(reopenId ? { reopen: reopened.data ?? null, reopenFailed: reopened.isError } : {})}
      />
    </Card>
  );
}
