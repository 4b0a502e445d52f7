import { EditOutlined } from '@ant-design/icons';
import type { ProjectView } from '@pvplan/contract';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MessageKey } from '../../locales/resources';

/** The new-assessment flow opened on a saved project, as the list's and the detail page's edit links open it. */
export function editPathOf(projId: string): string {
  return `/tools/auxiliaryDecision?projId=${encodeURIComponent(projId)}`;
}

/**
 * The edit action of a result page: back into the flow on the project's saved values, where a
 * calculation makes a new plan version. Not offered on a project shared to view only; disabled, with
 * the reason, while the project is locked (unlocking is in the plan history).
 */
export function EditAction({
  project,
  label = 'assessment.result.edit',
  testId = 'assessment-result-edit',
}: {
  readonly project: ProjectView | undefined;
  readonly label?: MessageKey;
  readonly testId?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!project || project.role === 'view') return null;
  const locked = project.locked === 1;
  return (
    <Tooltip title={locked ? t('assessment.result.editLocked') : undefined}>
      <Button
        icon={<EditOutlined />}
        disabled={locked}
        onClick={() => navigate(editPathOf(project.projId))}
        data-testid={testId}
      >
        {t(label)}
      </Button>
    </Tooltip>
  );
}
