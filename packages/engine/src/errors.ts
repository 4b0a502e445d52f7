/** Codes of the engine's input errors; each is a literal so callers can switch on it. */
export type EngineInputErrorCode =
  | 'WEATHER_EMPTY'
  | 'WEATHER_HEADER'
  | 'WEATHER_ROW'
  | 'WEATHER_ROW_COUNT'
  | 'WEATHER_VALUE'
  | 'WEATHER_FORMAT'
  | 'SCENARIO_INVALID'
  | 'MODEL_UNKNOWN'
  | 'PARAM_OUT_OF_RANGE'
  | 'TARIFF_INVALID'
  | 'LOAD_INVALID'
  | 'STORAGE_INVALID'
  | 'OPTIMISATION_FAILED'
  | 'ECONOMICS_INVALID'
  | 'CLIMATE_INVALID';

/**
 * An input the engine cannot use (broken weather file, unknown model name, invalid
 * parameter). Never HTTP-aware: the server maps `code` to its own envelope.
 */
export class EngineInputError extends Error {
  readonly code: EngineInputErrorCode;
  /** 1-based line number in the input text, when the error comes from a file. */
  readonly line: number | undefined;

  constructor(code: EngineInputErrorCode, message: string, line?: number) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'EngineInputError';
    this.code = code;
    this.line = line;
  }
}
