import { type CoalBenchmarkView, coalBenchmarkAreaNameEn } from '@pvplan/contract';
import { COAL_BENCHMARK_PRICES, type CoalBenchmarkArea } from '@pvplan/engine';

/** Prefecture codes (first four digits) of the Hebei North grid (冀北电网): 唐山, 秦皇岛, 张家口, 承德, 廊坊. */
const HEBEI_NORTH_CITIES = new Set(['1302', '1303', '1307', '1308', '1310']);
/** Prefecture codes of the Inner Mongolia East grid (蒙东电网): 赤峰, 通辽, 呼伦贝尔, 兴安盟. */
const INNER_MONGOLIA_EAST_CITIES = new Set(['1504', '1505', '1507', '1522']);

/**
 * The coal benchmark area (燃煤发电基准价) of a division: its province, except in Hebei and Inner
 * Mongolia, whose two grids have their own benchmarks. A province-level code of those two gives the
 * larger grid (Hebei South, Inner Mongolia West) and says so in `note`.
 */
export function coalBenchmarkAreaOf(adcode: string): { area: CoalBenchmarkArea; byProvince: boolean } | null {
  const province = adcode.slice(0, 2);
  const city = adcode.slice(0, 4);
  const isProvince = adcode.endsWith('0000');
  if (province === '13') {
    return { area: HEBEI_NORTH_CITIES.has(city) ? 'hebei_north' : 'hebei_south', byProvince: isProvince };
  }
  if (province === '15') {
    return {
      area: INNER_MONGOLIA_EAST_CITIES.has(city) ? 'inner_mongolia_east' : 'inner_mongolia_west',
      byProvince: isProvince,
    };
  }
  const entry = Object.entries(COAL_BENCHMARK_PRICES).find(([, e]) => e.adminCode === province);
  return entry ? { area: entry[0] as CoalBenchmarkArea, byProvince: false } : null;
}

/** The coal benchmark price that values surplus PV of stock projects in the division (engine data). */
export function coalBenchmarkOf(adcode: string): CoalBenchmarkView | null {
  const found = coalBenchmarkAreaOf(adcode);
  if (!found) return null;
  const entry = COAL_BENCHMARK_PRICES[found.area];
  return {
    area: found.area,
    areaName: entry.nameZh,
    priceYuanPerKwh: entry.priceYuanPerKwh,
    verified: entry.verified,
    gridSplitUnresolved: found.byProvince,
    source:
      '发改价格规〔2019〕1658号：2019年各省燃煤发电标杆上网电价转为基准价（engine COAL_BENCHMARK_PRICES）',
    areaNameEn: coalBenchmarkAreaNameEn(found.area),
  };
}
