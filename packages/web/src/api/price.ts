import {
  type AreaItem,
  type AreaNode,
  type AreaPriceBody,
  type AreaPriceInfo,
  type CalStrategyBody,
  type CityPosition,
  type CustomPriceSourceBody,
  type CustomPriceSourceView,
  type DifferentPeriodData,
  type ElectricityInfos,
  type ElePriceLatestTime,
  type EleTouConfigList,
  ESTIMATE_TOOLS,
  type InsertOrUpdateConfigBody,
  type MapSearchResult,
  type PriceConfigSummary,
  type PriceTableView,
  type PriceUserCategory,
  type ProjectPriceConfigView,
  type ProjectPriceInfoBody,
  type ProjectPriceSource,
  type ProjectTouExistence,
  type SavePriceSourceBody,
  type ScrLowerLimit,
  type StrategyAndPrice,
  type TouConfigView,
  type UpdateTouBody,
} from '@pvplan/contract';
import { type DownloadedFile, requestBlob } from './download';
import { requestData } from './request';

/**
 * The price store and price search (server module `price`, spec 001 §7 "Dictionary and area",
 * "Config management", "Price", "Maps and download").
 */
const DICT = `${ESTIMATE_TOOLS}/dict`;
const EARLY = `${ESTIMATE_TOOLS}/early`;
const CONFIG = `${ESTIMATE_TOOLS}/config-manage`;

/** GET dict/getAreas: the division tree (level 2 = provinces and cities). */
export function getAreas(level: 1 | 2 | 3 = 2, signal?: AbortSignal): Promise<AreaNode[]> {
  return requestData<AreaNode[]>(`${DICT}/getAreas`, { query: { level }, signal });
}

/** GET dict/proList/{id}: children of a division (`0` = provinces). */
export function getAreaChildren(id: string, signal?: AbortSignal): Promise<AreaItem[]> {
  return requestData<AreaItem[]>(`${DICT}/proList/${encodeURIComponent(id)}`, { signal });
}

/** GET dict/eletou/{id}: the TOU table in force for an area. */
export function getEleTou(
  areaCode: string,
  query: { month?: string; userCategory?: PriceUserCategory } = {},
  signal?: AbortSignal,
): Promise<TouConfigView> {
  return requestData<TouConfigView>(`${DICT}/eletou/${encodeURIComponent(areaCode)}`, { query, signal });
}

/** GET dict/getPvEsScrLowerLimit/{id}. */
export function getScrLowerLimit(areaCode: string, signal?: AbortSignal): Promise<ScrLowerLimit> {
  return requestData<ScrLowerLimit>(`${DICT}/getPvEsScrLowerLimit/${encodeURIComponent(areaCode)}`, {
    signal,
  });
}

/** The city-position query under the admin province-city-district service. */
export function getCityPosition(
  query: { adcode?: string; keywords?: string },
  signal?: AbortSignal,
): Promise<CityPosition> {
  return requestData<CityPosition>('/api/admin/province-city-district/getCityPosition', { query, signal });
}

/** GET early/getGaodeMap (spec: key, keywords, output json, WGS84, region all). Errors are not shown. */
export function searchMap(
  keywords: string,
  location?: string,
  signal?: AbortSignal,
): Promise<MapSearchResult> {
  return requestData<MapSearchResult>(`${EARLY}/getGaodeMap`, {
    query: { keywords, output: 'json', coordType: 'WGS84', region: 'all', location },
    silent: true,
    signal,
  });
}

/** POST early/getAreaPriceInfo: the price search result. */
export function getAreaPriceInfo(body: AreaPriceBody, signal?: AbortSignal): Promise<AreaPriceInfo> {
  return requestData<AreaPriceInfo>(`${EARLY}/getAreaPriceInfo`, { body, signal });
}

/** POST early/getDifferentPeriodDatasByAreaCode. */
export function getDifferentPeriodData(
  body: AreaPriceBody,
  signal?: AbortSignal,
): Promise<DifferentPeriodData> {
  return requestData<DifferentPeriodData>(`${EARLY}/getDifferentPeriodDatasByAreaCode`, { body, signal });
}

/** POST early/selectPriceConfigByAreaCode. */
export function getPriceConfig(body: AreaPriceBody, signal?: AbortSignal): Promise<PriceConfigSummary> {
  return requestData<PriceConfigSummary>(`${EARLY}/selectPriceConfigByAreaCode`, { body, signal });
}

/** GET early/getElePriceLatestTime?areaCode=. */
export function getElePriceLatestTime(areaCode: string, signal?: AbortSignal): Promise<ElePriceLatestTime> {
  return requestData<ElePriceLatestTime>(`${EARLY}/getElePriceLatestTime`, { query: { areaCode }, signal });
}

/** POST early/exportAreaPriceInfo: the result as an .xlsx file. */
export function exportAreaPriceInfo(body: AreaPriceBody): Promise<DownloadedFile> {
  return requestBlob(`${EARLY}/exportAreaPriceInfo`, { body });
}

/** POST config-manage/getEleTouConfig: the area's current TOU tables and history. */
export function getEleTouConfig(body: AreaPriceBody, signal?: AbortSignal): Promise<EleTouConfigList> {
  return requestData<EleTouConfigList>(`${CONFIG}/getEleTouConfig`, { body, signal });
}

/** POST config-manage/getElectricityInfos: the month's price table and its history. */
export function getElectricityInfos(body: AreaPriceBody, signal?: AbortSignal): Promise<ElectricityInfos> {
  return requestData<ElectricityInfos>(`${CONFIG}/getElectricityInfos`, { body, signal });
}

/** POST config-manage/updateTimeSharingElectricity (administrators). */
export function updateTimeSharingElectricity(body: UpdateTouBody): Promise<TouConfigView> {
  return requestData<TouConfigView>(`${CONFIG}/updateTimeSharingElectricity`, { body });
}

/** POST config-manage/insertOrUpdate (administrators): an agency table or an area setting. */
export function insertOrUpdatePriceConfig(
  body: InsertOrUpdateConfigBody,
): Promise<PriceTableView | ScrLowerLimit> {
  return requestData<PriceTableView | ScrLowerLimit>(`${CONFIG}/insertOrUpdate`, { body });
}

/**
 * POST config-manage/calStrategyAndPrice. `silent`: no toast on failure (the caller shows the
 * message, e.g. the load bill card).
 */
export function calStrategyAndPrice(
  body: CalStrategyBody,
  options: { readonly silent?: boolean; readonly signal?: AbortSignal } = {},
): Promise<StrategyAndPrice> {
  return requestData<StrategyAndPrice>(`${CONFIG}/calStrategyAndPrice`, {
    body,
    timeoutMs: 60_000,
    silent: options.silent,
    signal: options.signal,
  });
}

/** POST early/saveCustomPriceSource. */
export function saveCustomPriceSource(body: CustomPriceSourceBody): Promise<CustomPriceSourceView> {
  return requestData<CustomPriceSourceView>(`${EARLY}/saveCustomPriceSource`, { body });
}

/** POST early/insertOrUpdatePriceInfo: the project's tariff choice. */
export function insertOrUpdatePriceInfo(body: ProjectPriceInfoBody): Promise<ProjectPriceConfigView> {
  return requestData<ProjectPriceConfigView>(`${EARLY}/insertOrUpdatePriceInfo`, { body });
}

/** POST early/savePriceSource. */
export function savePriceSource(body: SavePriceSourceBody): Promise<ProjectPriceConfigView> {
  return requestData<ProjectPriceConfigView>(`${EARLY}/savePriceSource`, { body });
}

/** POST early/selectPriceSource. */
export function selectPriceSource(projId?: string, signal?: AbortSignal): Promise<ProjectPriceSource> {
  return requestData<ProjectPriceSource>(`${EARLY}/selectPriceSource`, { body: { projId }, signal });
}

/** GET early/getExistInSysProjEleTou?projId=. */
export function getExistInSysProjEleTou(projId: string, signal?: AbortSignal): Promise<ProjectTouExistence> {
  return requestData<ProjectTouExistence>(`${EARLY}/getExistInSysProjEleTou`, { query: { projId }, signal });
}
