import { InboxOutlined } from '@ant-design/icons';
import type { LoadFileView, LoadSeriesView } from '@pvplan/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Collapse,
  Popconfirm,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/request';
import { CleaningReport } from './CleaningReport';
import { FillRuleForm } from './FillRuleForm';
import {
  useDeleteLoadFile,
  useFillRule,
  useNetLoadOverview,
  useParseLoad,
  useUpdateFillRule,
  useUploadLoadFiles,
} from './hooks';
import { LoadMappingDialog } from './LoadMappingDialog';
import { grouped } from './loadCharts';

export interface LoadImportPanelProps {
  readonly projId: string;
  /** Called after a successful parse or re-clean with the stored series. */
  readonly onSeries?: (series: LoadSeriesView) => void;
}

const STATE_COLORS: Record<LoadFileView['state'], string> = {
  detected: 'gold',
  confirmed: 'blue',
  parsed: 'green',
  failed: 'red',
};

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : String(error);

/**
 * Load import (issue 5 "Load data"): upload CSV/XLSX files, confirm each file's columns, choose the
 * fill rule, parse, and read the cleaning report. Failures show the server's message, which names
 * the file and the row.
 */
export function LoadImportPanel({ projId, onSeries }: LoadImportPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const overview = useNetLoadOverview(projId);
  const fillRule = useFillRule(projId);
  const upload = useUploadLoadFiles(projId);
  const parse = useParseLoad(projId);
  const saveRule = useUpdateFillRule(projId);
  const remove = useDeleteLoadFile(projId);
  const [mapping, setMapping] = useState<LoadFileView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const uploadFiles = async (files: File[]) => {
    setError(null);
    try {
      const saved = await upload.mutateAsync(files);
      message.success(t('load.upload.done', { count: saved.length }));
      if (saved[0]) setMapping(saved[0]);
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const runParse = async () => {
    setError(null);
    try {
      const series = await parse.mutateAsync(undefined);
      message.success(
        t('load.parse.done', { start: series.start, end: series.end, count: grouped(series.stepCount) }),
      );
      onSeries?.(series);
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const series = overview.data?.series ?? null;
  const files = overview.data?.files ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('load.upload.title')} size="small" data-testid="load-upload">
        <Upload.Dragger
          multiple
          accept=".csv,.xlsx,.xlsm,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          showUploadList={false}
          disabled={upload.isPending}
          beforeUpload={(file, list) => {
            if (file === list[list.length - 1]) void uploadFiles(list as File[]);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {upload.isPending ? t('load.upload.uploading') : t('load.upload.drag')}
          </p>
          <p className="ant-upload-hint">{t('load.upload.hint')}</p>
        </Upload.Dragger>
        {error && (
          <Alert
            type="error"
            showIcon
            message={error}
            style={{ marginTop: 12 }}
            closable
            onClose={() => setError(null)}
          />
        )}
        {error && (
          // What to do next, beside the message that says what was wrong.
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('load.upload.errorHint')}
          </Typography.Paragraph>
        )}
      </Card>

      <Card
        title={t('load.files.title')}
        size="small"
        extra={
          // A disabled button says why.
          <Tooltip title={files.length === 0 ? t('load.parse.needFiles') : undefined}>
            <Button
              type="primary"
              onClick={runParse}
              loading={parse.isPending}
              disabled={files.length === 0}
              data-testid="load-parse"
            >
              {t('load.parse.action')}
            </Button>
          </Tooltip>
        }
      >
        <Table<LoadFileView>
          size="small"
          rowKey="id"
          loading={overview.isLoading}
          pagination={false}
          dataSource={files}
          locale={{ emptyText: t('load.files.empty') }}
          // Phones: the table scrolls sideways instead of spilling out of the card.
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('load.files.name'), dataIndex: 'fileName' },
            { title: t('load.files.sheet'), dataIndex: 'sheetName', width: 120 },
            {
              title: t('load.files.state'),
              dataIndex: 'state',
              // Room for a parse error ("文件“x.csv”第250行B列“abc”不是数字") on a few lines.
              width: 240,
              render: (state: LoadFileView['state'], row) => (
                <Space direction="vertical" size={0}>
                  <Tag color={STATE_COLORS[state]}>
                    {t(`load.files.state.${state}` as 'load.files.state.parsed')}
                  </Tag>
                  {row.error && <Typography.Text type="danger">{row.error}</Typography.Text>}
                </Space>
              ),
            },
            {
              title: t('load.files.rows'),
              dataIndex: 'rowCount',
              width: 100,
              align: 'right',
              render: (rows: number | null) => (rows === null ? '—' : grouped(rows)),
            },
            {
              key: 'actions',
              title: t('load.files.actions'),
              width: 160,
              render: (_v, row) => (
                <Space>
                  <Button size="small" onClick={() => setMapping(row)}>
                    {t('load.files.mapping')}
                  </Button>
                  <Popconfirm title={t('load.files.deleteConfirm')} onConfirm={() => remove.mutate(row.id)}>
                    <Button size="small" danger>
                      {t('load.files.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>

      {fillRule.data && (
        <Collapse
          items={[
            {
              key: 'fill',
              label: t('load.fill.title'),
              children: (
                <FillRuleForm
                  value={fillRule.data}
                  saving={saveRule.isPending}
                  onSave={async (rule) => {
                    try {
                      const result = await saveRule.mutateAsync(rule);
                      message.success(t('load.fill.saved'));
                      if (result.series) onSeries?.(result.series);
                    } catch (e) {
                      setError(messageOf(e));
                    }
                  }}
                />
              ),
            },
          ]}
        />
      )}

      {series?.report && (
        <Card size="small">
          <CleaningReport report={series.report} />
        </Card>
      )}

      <LoadMappingDialog
        projId={projId}
        fileId={mapping?.id ?? null}
        fileName={mapping?.fileName ?? ''}
        onClose={(confirmed) => {
          setMapping(null);
          if (confirmed) message.success(t('load.mapping.saved'));
        }}
      />
    </Space>
  );
}
