import { EngineInputError } from '../errors.js';

/** Provincial grid areas with their own coal benchmark (Hebei and Inner Mongolia have two each). */
export type CoalBenchmarkArea =
  | 'beijing'
  | 'tianjin'
  | 'hebei_north'
  | 'hebei_south'
  | 'shanxi'
  | 'inner_mongolia_west'
  | 'inner_mongolia_east'
  | 'liaoning'
  | 'jilin'
  | 'heilongjiang'
  | 'shanghai'
  | 'jiangsu'
  | 'zhejiang'
  | 'anhui'
  | 'fujian'
  | 'jiangxi'
  | 'shandong'
  | 'henan'
  | 'hubei'
  | 'hunan'
  | 'guangdong'
  | 'guangxi'
  | 'hainan'
  | 'chongqing'
  | 'sichuan'
  | 'guizhou'
  | 'yunnan'
  | 'tibet'
  | 'shaanxi'
  | 'gansu'
  | 'qinghai'
  | 'ningxia'
  | 'xinjiang';

export interface CoalBenchmarkEntry {
  /** Chinese name of the area. */
  readonly nameZh: string;
  /** Province code of GB/T 2260 (first two digits of an area code). */
  readonly adminCode: string;
  /** Coal-fired benchmark price (燃煤发电基准价), yuan/kWh including VAT. */
  readonly priceYuanPerKwh: number;
  /** False where only one secondary source gives the value. */
  readonly verified: boolean;
}

/**
 * Provincial coal-fired benchmark prices (燃煤发电基准价), yuan/kWh incl. VAT.
 *
 * 发改价格规〔2019〕1658号 (NDRC, Oct 2019, effective 2020-01-01) turned each province's 2019
 * desulfurised coal benchmark on-grid price (燃煤发电标杆上网电价) into the 基准价; the values below are
 * those prices. Parity-era C&I distributed PV sold surplus at this price, and 136号文 (2025) uses it as
 * the mechanism price of "stock" projects in operation before 2025-06-01 (china-domain.md §2.3).
 * Transcribed from two secondary sources that agree wherever they overlap:
 *  - Solarbe library table of benchmark price / utilization hours / FIT zone by province,
 *    https://wenku.solarbe.com/p-20929.html (china-domain.md F 31);
 *  - the provincial price dictionary of a finance module by liuzy (github.com/path2019, 2020-11-30;
 *    code id 7765600514; F 32; it labels Shaanxi "Shanxi" a second time).
 * Hebei South 0.3644, Gansu 0.3078, Guangdong 0.453 and Tianjin 0.3655 are also confirmed by
 * 136-era documents (F 27, 28, 33). Tibet 0.4993 comes from one source only: `verified: false`.
 * Check the current provincial notice before using a value as a live price.
 */
export const COAL_BENCHMARK_PRICES: Readonly<Record<CoalBenchmarkArea, CoalBenchmarkEntry>> = {
  beijing: { nameZh: '北京', adminCode: '11', priceYuanPerKwh: 0.3598, verified: true },
  tianjin: { nameZh: '天津', adminCode: '12', priceYuanPerKwh: 0.3655, verified: true },
  hebei_north: { nameZh: '冀北', adminCode: '13', priceYuanPerKwh: 0.372, verified: true },
  hebei_south: { nameZh: '冀南', adminCode: '13', priceYuanPerKwh: 0.3644, verified: true },
  shanxi: { nameZh: '山西', adminCode: '14', priceYuanPerKwh: 0.332, verified: true },
  inner_mongolia_west: { nameZh: '蒙西', adminCode: '15', priceYuanPerKwh: 0.2829, verified: true },
  inner_mongolia_east: { nameZh: '蒙东', adminCode: '15', priceYuanPerKwh: 0.3035, verified: true },
  liaoning: { nameZh: '辽宁', adminCode: '21', priceYuanPerKwh: 0.3749, verified: true },
  jilin: { nameZh: '吉林', adminCode: '22', priceYuanPerKwh: 0.3731, verified: true },
  heilongjiang: { nameZh: '黑龙江', adminCode: '23', priceYuanPerKwh: 0.374, verified: true },
  shanghai: { nameZh: '上海', adminCode: '31', priceYuanPerKwh: 0.4155, verified: true },
  jiangsu: { nameZh: '江苏', adminCode: '32', priceYuanPerKwh: 0.391, verified: true },
  zhejiang: { nameZh: '浙江', adminCode: '33', priceYuanPerKwh: 0.4153, verified: true },
  anhui: { nameZh: '安徽', adminCode: '34', priceYuanPerKwh: 0.3844, verified: true },
  fujian: { nameZh: '福建', adminCode: '35', priceYuanPerKwh: 0.3932, verified: true },
  jiangxi: { nameZh: '江西', adminCode: '36', priceYuanPerKwh: 0.4143, verified: true },
  shandong: { nameZh: '山东', adminCode: '37', priceYuanPerKwh: 0.3949, verified: true },
  henan: { nameZh: '河南', adminCode: '41', priceYuanPerKwh: 0.3779, verified: true },
  hubei: { nameZh: '湖北', adminCode: '42', priceYuanPerKwh: 0.4161, verified: true },
  hunan: { nameZh: '湖南', adminCode: '43', priceYuanPerKwh: 0.45, verified: true },
  guangdong: { nameZh: '广东', adminCode: '44', priceYuanPerKwh: 0.453, verified: true },
  guangxi: { nameZh: '广西', adminCode: '45', priceYuanPerKwh: 0.4207, verified: true },
  hainan: { nameZh: '海南', adminCode: '46', priceYuanPerKwh: 0.4298, verified: true },
  chongqing: { nameZh: '重庆', adminCode: '50', priceYuanPerKwh: 0.3964, verified: true },
  sichuan: { nameZh: '四川', adminCode: '51', priceYuanPerKwh: 0.4012, verified: true },
  guizhou: { nameZh: '贵州', adminCode: '52', priceYuanPerKwh: 0.3515, verified: true },
  yunnan: { nameZh: '云南', adminCode: '53', priceYuanPerKwh: 0.3358, verified: true },
  tibet: { nameZh: '西藏', adminCode: '54', priceYuanPerKwh: 0.4993, verified: false },
  shaanxi: { nameZh: '陕西', adminCode: '61', priceYuanPerKwh: 0.3545, verified: true },
  gansu: { nameZh: '甘肃', adminCode: '62', priceYuanPerKwh: 0.3078, verified: true },
  qinghai: { nameZh: '青海', adminCode: '63', priceYuanPerKwh: 0.3247, verified: true },
  ningxia: { nameZh: '宁夏', adminCode: '64', priceYuanPerKwh: 0.2595, verified: true },
  xinjiang: { nameZh: '新疆', adminCode: '65', priceYuanPerKwh: 0.25, verified: true },
};

/**
 * Default feed-in price for surplus PV: the area's coal benchmark (see `COAL_BENCHMARK_PRICES`).
 * @throws EngineInputError TARIFF_INVALID for an unknown area
 */
export function coalBenchmarkPriceYuanPerKwh(area: CoalBenchmarkArea): number {
  const e = (COAL_BENCHMARK_PRICES as Record<string, CoalBenchmarkEntry | undefined>)[area];
  if (e === undefined)
    throw new EngineInputError('TARIFF_INVALID', `no coal benchmark price for area "${area}"`);
  return e.priceYuanPerKwh;
}
