import { FilePdfOutlined, FileWordOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReportExport } from './hooks';

export interface ReportButtonsProps {
  readonly projId: string;
  /** The plan shown; the current (latest quick estimate) plan when absent. */
  readonly planId: number | undefined;
  /** Quick estimate: fast/wordExport and fast/exportPdf instead of early/exportWord and exportPDF. */
  readonly fast: boolean;
  readonly disabled?: boolean;
}

/** Exports the plan's estimation report as Word or PDF and downloads it. */
export function ReportButtons({ projId, planId, fast, disabled }: ReportButtonsProps) {
  const { t } = useTranslation();
  const report = useReportExport(projId, planId, fast);
  const busy = report.isPending ? report.variables : null;
  return (
    <Space>
      <Button
        icon={<FileWordOutlined />}
        loading={busy === 'docx'}
        disabled={disabled || busy === 'pdf'}
        onClick={() => report.mutate('docx')}
        data-testid="assessment-export-word"
      >
        {t('assessment.report.word')}
      </Button>
      <Button
        icon={<FilePdfOutlined />}
        loading={busy === 'pdf'}
        disabled={disabled || busy === 'docx'}
        onClick={() => report.mutate('pdf')}
        data-testid="assessment-export-pdf"
      >
        {t('assessment.report.pdf')}
      </Button>
    </Space>
  );
}
