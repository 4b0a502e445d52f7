import type { PointsEntry } from '@pvplan/contract';
import { type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { cellText, formatDateTime } from '../../components/dialogs/format';
import { RowCard } from '../../components/dialogs/RowCard';
import { pointsChangeText, pointsSourceKey } from './points';

/**
 * The columns of a points ledger (a user's own history and the administrators' view of a user's):
 * time, change (+ green, − red), source and remark on a desktop; one card per entry on a phone.
 */
export function pointsLedgerColumns(t: TFunction, phone: boolean): TableColumnsType<PointsEntry> {
  const changeCell = (points: number) => (
    <Typography.Text type={points < 0 ? 'danger' : 'success'} style={{ whiteSpace: 'nowrap' }}>
      {pointsChangeText(points)}
    </Typography.Text>
  );
  const sourceTag = (source: string) => (
    <Tag style={{ marginInlineEnd: 0 }}>{t(pointsSourceKey(source))}</Tag>
  );
  if (phone) {
    return [
      {
        key: 'card',
        render: (_: unknown, entry) => (
          <RowCard
            title={changeCell(entry.points)}
            tags={sourceTag(entry.source)}
            lines={[
              { label: t('membership.points.time'), value: formatDateTime(entry.createTime) },
              { label: t('membership.points.remark'), value: cellText(entry.remark) },
            ]}
          />
        ),
      },
    ];
  }
  return [
    {
      title: t('membership.points.time'),
      dataIndex: 'createTime',
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>,
    },
    { title: t('membership.points.change'), dataIndex: 'points', align: 'right', render: changeCell },
    { title: t('membership.points.source'), dataIndex: 'source', render: sourceTag },
    { title: t('membership.points.remark'), dataIndex: 'remark', render: cellText },
  ];
}
