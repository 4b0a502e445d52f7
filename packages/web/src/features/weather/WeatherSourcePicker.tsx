import {
  WEATHER_DEFAULT_TZ_OFFSET_HOURS,
  WEATHER_MAX_UPLOAD_BYTES,
  type WeatherDatasetView,
  type WeatherInspectView,
  type WeatherParseOptionsInput,
  type WeatherPreferenceInput,
  type WeatherResolveView,
  type WeatherSiteInput,
  type WeatherSourceKind,
} from '@pvplan/contract';
import {
  Alert,
  Button,
  Card,
  Divider,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvMappingForm } from './CsvMappingForm';
import {
  useInspectWeather,
  useResolveWeather,
  useUploadWeather,
  useWeatherDatasets,
  useWeatherSources,
} from './hooks';
import { WeatherQualityReport } from './WeatherQualityReport';
import { WeatherSummary } from './WeatherSummary';

/** Files whose layout is checked first (a generic CSV needs the mapping step); others upload at once. */
const INSPECT_FIRST = /\.(csv|txt|tsv|dat)$/i;

export interface WeatherSourcePickerProps {
  /** The site of the assessment (position, elevation, UTC offset — default 8). */
  readonly site: WeatherSiteInput;
  /** The source chosen before (e.g. the project's record). */
  readonly defaultPreference?: WeatherPreferenceInput;
  /**
   * Called with the weather the server resolved: `resolved.source` is the record to keep with the
   * project (kind, name, detail, quality findings); `preference` is how to get it again.
   */
  readonly onResolved?: (resolved: WeatherResolveView, preference: WeatherPreferenceInput) => void;
}

/**
 * Choose where the weather comes from: an uploaded file (format detected, CSV column mapping,
 * quality report with corrections), NASA POWER, PVGIS, or the built-in climatology; then fetch it.
 * No page of its own: the assessment flow mounts it.
 */
export function WeatherSourcePicker(props: WeatherSourcePickerProps) {
  const { t } = useTranslation();
  const sources = useWeatherSources();
  const datasets = useWeatherDatasets();
  const inspect = useInspectWeather();
  const upload = useUploadWeather();
  const resolve = useResolveWeather();
  const initial = props.defaultPreference;
  const [kind, setKind] = useState<WeatherSourceKind>(initial?.kind ?? 'climatology');
  const [datasetId, setDatasetId] = useState<number | undefined>(
    initial?.kind === 'file' ? initial.datasetId : undefined,
  );
  const [year, setYear] = useState<number | null>(
    initial?.kind === 'nasa_power' ? (initial.year ?? null) : null,
  );
  const [fallback, setFallback] = useState(
    initial?.kind === 'nasa_power' || initial?.kind === 'pvgis' ? (initial.fallback ?? true) : true,
  );
  const [pending, setPending] = useState<{ file: File; inspection: WeatherInspectView } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const tz = props.site.tzOffsetHours ?? WEATHER_DEFAULT_TZ_OFFSET_HOURS;

  const list = datasets.data ?? [];
  const selected: WeatherDatasetView | undefined = list.find((d) => d.id === datasetId);
  useEffect(() => {
    if (datasetId === undefined && list.length > 0 && kind === 'file') setDatasetId(list[0]?.id);
  }, [datasetId, list, kind]);

  const sendFile = (file: File, options?: WeatherParseOptionsInput) => {
    setProblem(null);
    upload.mutate(
      { file, fileName: file.name, options },
      {
        onSuccess: (dataset) => {
          setPending(null);
          setDatasetId(dataset.id);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  const beforeUpload = (file: File) => {
    setProblem(null);
    if (file.size > WEATHER_MAX_UPLOAD_BYTES) {
      setProblem(t('weather.picker.tooLarge', { maxMb: WEATHER_MAX_UPLOAD_BYTES / 1024 / 1024 }));
      return Upload.LIST_IGNORE;
    }
    if (INSPECT_FIRST.test(file.name)) {
      inspect.mutate(
        { file, fileName: file.name },
        {
          onSuccess: (inspection) => {
            if (inspection.format === 'csv') setPending({ file, inspection });
            else sendFile(file);
          },
          onError: (error) => setProblem(error.message),
        },
      );
    } else {
      sendFile(file);
    }
    return Upload.LIST_IGNORE;
  };

  const preference = (): WeatherPreferenceInput | null => {
    switch (kind) {
      case 'file':
        return datasetId === undefined ? null : { kind, datasetId };
      case 'nasa_power':
        return { kind, fallback, ...(year === null ? {} : { year }) };
      case 'pvgis':
        return { kind, fallback };
      default:
        return { kind: 'climatology' };
    }
  };

  const fetchWeather = () => {
    const chosen = preference();
    if (!chosen) return;
    setProblem(null);
    resolve.mutate(
      { site: props.site, preference: chosen },
      {
        onSuccess: (resolved) => props.onResolved?.(resolved, chosen),
        onError: (error) => setProblem(error.message),
      },
    );
  };

  const offered = sources.data ?? [];
  const resolved = resolve.data;
  const formatName = (format: string | null) =>
    t(`weather.format.${format ?? 'unknown'}` as 'weather.format.unknown');

  return (
    <Card size="small" title={t('weather.picker.title')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group value={kind} onChange={(e) => setKind(e.target.value as WeatherSourceKind)}>
          <Space direction="vertical">
            {offered.map((source) => (
              <Radio key={source.kind} value={source.kind}>
                <Space size={4}>
                  {t(`weather.source.kind.${source.kind}`)}
                  <Tag color={source.online ? 'blue' : 'default'}>
                    {t(source.online ? 'weather.source.online' : 'weather.source.offline')}
                  </Tag>
                </Space>
                <div>
                  <Typography.Text type="secondary">
                    {t(`weather.source.hint.${source.kind}`)}
                  </Typography.Text>
                </div>
              </Radio>
            ))}
          </Space>
        </Radio.Group>

        {kind === 'file' ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Upload
                beforeUpload={beforeUpload}
                showUploadList={false}
                accept=".epw,.csv,.json,.txt,.tsv,.dat"
              >
                <Button loading={inspect.isPending || upload.isPending}>
                  {upload.isPending ? t('weather.picker.uploading') : t('weather.picker.upload')}
                </Button>
              </Upload>
              <Select
                style={{ minWidth: 320 }}
                placeholder={t('weather.picker.datasetPlaceholder')}
                value={datasetId}
                onChange={(id: number) => setDatasetId(id)}
                notFoundContent={t('weather.picker.noDataset')}
                options={list.map((d) => ({
                  value: d.id,
                  label: `${t('weather.picker.datasetOption', {
                    name: d.fileName,
                    format: formatName(d.format),
                    rows: d.summary.rowCount,
                  })}${d.parentId === null ? '' : ` · ${t('weather.picker.corrected')}`}`,
                }))}
              />
            </Space>
            {pending ? (
              <CsvMappingForm
                inspection={
                  pending.inspection.csv ?? {
                    delimiter: ',',
                    headerLine: 1,
                    columns: [],
                    sampleRows: [],
                    guess: {},
                  }
                }
                latitudeDeg={props.site.latitudeDeg}
                longitudeDeg={props.site.longitudeDeg}
                tzOffsetHours={tz}
                submitting={upload.isPending}
                onSubmit={(options) => sendFile(pending.file, options)}
              />
            ) : null}
            {selected ? (
              <>
                <Typography.Text>
                  {t('weather.detected', { format: formatName(selected.format) })}
                </Typography.Text>
                <WeatherSummary summary={selected.summary} />
                <WeatherQualityReport
                  findings={selected.quality.findings}
                  timing={selected.quality.timing}
                  closure={selected.quality.closure}
                  appliedCorrections={selected.summary.corrections}
                  datasetId={selected.id}
                  onCorrected={(corrected) => setDatasetId(corrected.id)}
                />
              </>
            ) : null}
          </Space>
        ) : null}

        {kind === 'nasa_power' ? (
          <Space wrap>
            <Typography.Text>{t('weather.picker.year')}</Typography.Text>
            <InputNumber
              min={2001}
              max={new Date().getFullYear() - 1}
              value={year}
              placeholder={t('weather.picker.yearPlaceholder')}
              onChange={(value) => setYear(typeof value === 'number' ? value : null)}
            />
          </Space>
        ) : null}
        {kind === 'nasa_power' || kind === 'pvgis' ? (
          <Space>
            <Switch checked={fallback} onChange={setFallback} />
            <Typography.Text>{t('weather.picker.fallback')}</Typography.Text>
          </Space>
        ) : null}

        {problem ? <Alert type="error" showIcon message={problem} /> : null}

        <Button
          type="primary"
          onClick={fetchWeather}
          loading={resolve.isPending}
          disabled={preference() === null}
        >
          {t('weather.picker.resolve')}
        </Button>

        {resolved ? (
          <>
            <Divider style={{ margin: '8px 0' }} />
            {resolved.notice ? <Alert type="warning" showIcon message={resolved.notice} /> : null}
            <Typography.Text strong>
              {t('weather.picker.used', { name: resolved.source.name })}
            </Typography.Text>
            <WeatherSummary summary={resolved.summary} />
            {resolved.source.kind === 'file' ? null : (
              <WeatherQualityReport findings={resolved.source.qualityFindings} />
            )}
          </>
        ) : null}
      </Space>
    </Card>
  );
}
