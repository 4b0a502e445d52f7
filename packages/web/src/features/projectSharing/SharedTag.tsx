import type { ProjectView } from '@pvplan/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { isSharedWithMe } from './sharing';

/** "共享 / Shared" on a project someone else shared with the caller; the access level in its tooltip. */
export function SharedTag({
  project,
}: {
  readonly project: Pick<ProjectView, 'projId' | 'role' | 'ownerName'>;
}) {
  const { t } = useTranslation();
  if (!isSharedWithMe(project)) return null;
  const level = project.role === 'edit' ? 'projectSharing.tag.sharedEdit' : 'projectSharing.tag.sharedView';
  return (
    <Tooltip title={`${t(level)} · ${project.ownerName}`}>
      <Tag color="cyan" data-testid={`assessment-shared-${project.projId}`} data-level={project.role}>
        {t('projectSharing.tag.shared')}
      </Tag>
    </Tooltip>
  );
}
