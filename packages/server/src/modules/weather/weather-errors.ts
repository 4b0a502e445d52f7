import { ERRORS, formatMessage, type Language, type MessageKey } from '@pvplan/contract';
import { EngineInputError } from '@pvplan/engine';
import { AppError } from '../../http/app-error';
import type { WeatherProviderError } from './weather-http';

const PROBLEM_KEYS: Readonly<Record<string, MessageKey>> = {
  WEATHER_EMPTY: 'weather.problem.WEATHER_EMPTY',
  WEATHER_FORMAT: 'weather.problem.WEATHER_FORMAT',
  WEATHER_HEADER: 'weather.problem.WEATHER_HEADER',
  WEATHER_ROW: 'weather.problem.WEATHER_ROW',
  WEATHER_VALUE: 'weather.problem.WEATHER_VALUE',
  WEATHER_ROW_COUNT: 'weather.problem.WEATHER_ROW_COUNT',
};

/** The engine's message without its "line N: " prefix (the envelope names the line itself). */
function engineDetail(error: EngineInputError): string {
  return error.message.replace(/^line \d+: /, '');
}

/**
 * An engine error on a weather file as an envelope error: the kind of problem in the user's
 * language, the 1-based line, and the engine's (English) message as detail.
 */
export function weatherFileError(error: EngineInputError, language: Language): AppError {
  const problemKey = PROBLEM_KEYS[error.code];
  if (!problemKey) {
    if (error.code === 'CLIMATE_INVALID') {
      return new AppError('ERR_WEATHER_CLIMATOLOGY_UNAVAILABLE', { detail: error.message });
    }
    return new AppError('ERR_WEATHER_OPTIONS_INVALID', { detail: error.message });
  }
  const params = { problem: formatMessage(language, problemKey), detail: engineDetail(error) };
  return error.line === undefined
    ? new AppError('ERR_WEATHER_FILE_INVALID', params)
    : new AppError('ERR_WEATHER_FILE_INVALID_AT_LINE', { ...params, line: error.line });
}

/** Runs engine code on user input; engine errors become envelope errors. */
export function withEngineErrors<T>(language: Language, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof EngineInputError) throw weatherFileError(error, language);
    throw error;
  }
}

/** {@link withEngineErrors} for async work. */
export async function withEngineErrorsAsync<T>(language: Language, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof EngineInputError) throw weatherFileError(error, language);
    throw error;
  }
}

/** A provider failure as the envelope error shown when there is no fallback. */
export function providerAppError(error: WeatherProviderError): AppError {
  switch (error.reason) {
    case 'offline':
      return new AppError('ERR_WEATHER_PROVIDER_OFFLINE', { provider: error.provider });
    case 'timeout':
      return new AppError('ERR_WEATHER_PROVIDER_TIMEOUT', {
        provider: error.provider,
        seconds: Math.round(error.timeoutMs / 100) / 10,
      });
    default:
      return new AppError('ERR_WEATHER_PROVIDER_FAILED', { provider: error.provider, detail: error.detail });
  }
}

/** The same failure as a sentence (for the fallback notice). */
export function providerFailureText(error: WeatherProviderError, language: Language): string {
  const appError = providerAppError(error);
  return formatMessage(language, ERRORS[appError.errorName].key, appError.params);
}
