import type { LoadCleaningReportView } from '@pvplan/contract';
import { Alert, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { grouped, reportLines, round } from './loadCharts';

/** What cleaning found and filled, each finding with the rows it came from. */
export function CleaningReport({ report }: { readonly report: LoadCleaningReportView }) {
  const { t } = useTranslation();
  const lines = reportLines(report);
  const summary = t('load.report.summary', {
    steps: grouped(report.stepCount),
    minutes: report.stepMinutes,
    measured: grouped(report.measuredSteps),
    filled: grouped(report.filledSteps),
    method: t(`load.fill.method.${report.method}` as 'load.fill.method.linear'),
  });
  return (
    <div>
      <Typography.Title level={5}>{t('load.report.title')}</Typography.Title>
      <Alert
        type={report.filledSteps > 0 || lines.length > 0 ? 'warning' : 'success'}
        showIcon
        message={summary}
        description={lines.length === 0 ? t('load.report.clean') : undefined}
      />
      {lines.length > 0 && (
        <List
          size="small"
          dataSource={lines}
          renderItem={(line) => (
            <List.Item>
              <List.Item.Meta
                title={t(`load.report.${line.key}` as 'load.report.gaps', { count: grouped(line.count) })}
                description={line.places
                  .map((p) =>
                    t(line.key === 'gaps' ? 'load.report.gapPlace' : 'load.report.place', {
                      file: p.fileName ?? '',
                      row: p.row,
                      time: p.time,
                    }),
                  )
                  .join(t('load.report.placeSeparator'))}
              />
            </List.Item>
          )}
        />
      )}
      {report.upperFenceKw !== null && report.outlierCount > 0 && (
        <Typography.Text type="secondary">
          {t('load.report.fence', { kw: grouped(round(report.upperFenceKw, 1), 1) })}
        </Typography.Text>
      )}
    </div>
  );
}
