import {
  WEATHER_MAX_UPLOAD_BYTES,
  type WeatherParseOptionsInput,
  weatherApplyCorrectionsBody,
  weatherIdParams,
  weatherParseOptionsSchema,
  weatherResolveBody,
} from '@pvplan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { principalOf } from '../../http/request-context';
import type { IncomingWeatherFile } from './weather.service';

/** Weather sources (issue 4 "Weather"); the paths are ours, under the estimate-tools prefix. */
export const WEATHER_PATHS = {
  sources: `${ESTIMATE_TOOLS}/weather/sources`,
  inspect: `${ESTIMATE_TOOLS}/weather/inspect`,
  upload: `${ESTIMATE_TOOLS}/weather/upload`,
  datasets: `${ESTIMATE_TOOLS}/weather/datasets`,
  quality: `${ESTIMATE_TOOLS}/weather/quality/:id`,
  applyCorrections: `${ESTIMATE_TOOLS}/weather/applyCorrections`,
  resolve: `${ESTIMATE_TOOLS}/weather/resolve`,
} as const;

/** One weather file and the optional `options` field (JSON, `weatherParseOptionsSchema`) of a multipart request. */
async function readWeatherUpload(
  request: FastifyRequest,
): Promise<{ file: IncomingWeatherFile; options: WeatherParseOptionsInput }> {
  let file: IncomingWeatherFile | null = null;
  let optionsText: string | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: WEATHER_MAX_UPLOAD_BYTES, files: 1, fieldSize: 16 * 1024 },
    })) {
      if (part.type === 'file') {
        if (file) throw new AppError('ERR_UPLOAD_TOO_MANY_FILES');
        file = { fileName: part.filename || 'weather', bytes: await part.toBuffer() };
      } else if (part.fieldname === 'options' && typeof part.value === 'string') {
        optionsText = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('ERR_WEATHER_FILE_TOO_LARGE', { maxMb: WEATHER_MAX_UPLOAD_BYTES / 1024 / 1024 });
    }
    throw error;
  }
  if (!file) throw new AppError('ERR_UPLOAD_NO_FILE');
  let raw: unknown = {};
  if (optionsText !== null && optionsText.trim() !== '') {
    try {
      raw = JSON.parse(optionsText);
    } catch {
      throw new AppError('ERR_VALIDATION', { detail: 'options: JSON' });
    }
  }
  const parsed = weatherParseOptionsSchema.safeParse(raw);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((issue) => `options.${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new AppError('ERR_VALIDATION', { detail });
  }
  return { file, options: parsed.data };
}

export async function weatherRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { weather } = app.services;
  const tags = ['weather'];
  const preHandler = app.authenticate;

  app.get(
    WEATHER_PATHS.sources,
    { schema: { tags, summary: 'Weather sources this server offers' }, preHandler },
    async (request) => ok(request.ctx.language, weather.sources()),
  );

  app.post(
    WEATHER_PATHS.inspect,
    {
      schema: {
        tags,
        summary:
          'Detect a weather file layout (CSV: columns and guessed mapping; others: a preview). Stores nothing',
        consumes: ['multipart/form-data'],
      },
      preHandler,
    },
    async (request) => {
      principalOf(request);
      const { file, options } = await readWeatherUpload(request);
      return ok(request.ctx.language, weather.inspect(file, options, request.ctx.language));
    },
  );

  app.post(
    WEATHER_PATHS.upload,
    {
      schema: {
        tags,
        summary:
          'Upload a weather file (multipart: file, options JSON); parsed once, cached, with its quality report',
        consumes: ['multipart/form-data'],
      },
      preHandler,
    },
    async (request) => {
      const principal = principalOf(request);
      const { file, options } = await readWeatherUpload(request);
      return ok(
        request.ctx.language,
        await weather.upload(principal.user.id, file, options, request.ctx.language),
        'ok.uploaded',
      );
    },
  );

  app.post(
    WEATHER_PATHS.datasets,
    { schema: { tags, summary: "The signed-in user's weather datasets, newest first" }, preHandler },
    async (request) => ok(request.ctx.language, await weather.datasets(principalOf(request).user.id)),
  );

  app.get(
    WEATHER_PATHS.quality,
    { schema: { tags, summary: 'Quality report of a weather dataset', params: weatherIdParams }, preHandler },
    async (request) =>
      ok(request.ctx.language, await weather.quality(principalOf(request).user.id, request.params.id)),
  );

  app.post(
    WEATHER_PATHS.applyCorrections,
    {
      schema: {
        tags,
        summary: 'Apply corrections (time shift, DNI from GHI − DHI, component fill): a new dataset',
        body: weatherApplyCorrectionsBody,
      },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await weather.applyCorrections(
          principalOf(request).user.id,
          request.body.id,
          request.body.corrections,
          request.ctx.language,
        ),
      ),
  );

  app.post(
    WEATHER_PATHS.resolve,
    {
      schema: {
        tags,
        summary: 'Weather for a site from a source (file, NASA POWER, PVGIS, climatology; APIs fall back)',
        body: weatherResolveBody,
      },
      preHandler,
    },
    async (request) =>
      ok(
        request.ctx.language,
        await weather.resolve(
          principalOf(request).user.id,
          request.body.site,
          request.body.preference,
          request.ctx.language,
        ),
      ),
  );
}
