import { describe, expect, it } from 'vitest';
import { areaRowsFromPackage } from '../../seed/price-data';
import {
  type DivisionLevel,
  divisionNameEn,
  divisionNamesEn,
  PROVINCE_NAMES_EN,
  pinyinWord,
} from './english-names';
import { ETHNIC_GROUPS_EN, MINORITY_PROPER_NAMES_EN } from './english-names-minority';

/**
 * Expected names: the divisions' English Wikipedia titles and China Daily usage, reduced to the
 * convention of english-names.ts (no tones, generic part in English, autonomous divisions by their
 * full official name).
 */
const PROVINCES: ReadonlyArray<readonly [string, string]> = [
  ['北京市', 'Beijing'],
  ['天津市', 'Tianjin'],
  ['河北省', 'Hebei'],
  ['山西省', 'Shanxi'],
  ['内蒙古自治区', 'Inner Mongolia'],
  ['辽宁省', 'Liaoning'],
  ['吉林省', 'Jilin'],
  ['黑龙江省', 'Heilongjiang'],
  ['上海市', 'Shanghai'],
  ['江苏省', 'Jiangsu'],
  ['浙江省', 'Zhejiang'],
  ['安徽省', 'Anhui'],
  ['福建省', 'Fujian'],
  ['江西省', 'Jiangxi'],
  ['山东省', 'Shandong'],
  ['河南省', 'Henan'],
  ['湖北省', 'Hubei'],
  ['湖南省', 'Hunan'],
  ['广东省', 'Guangdong'],
  ['广西壮族自治区', 'Guangxi'],
  ['海南省', 'Hainan'],
  ['重庆市', 'Chongqing'],
  ['四川省', 'Sichuan'],
  ['贵州省', 'Guizhou'],
  ['云南省', 'Yunnan'],
  ['西藏自治区', 'Tibet'],
  ['陕西省', 'Shaanxi'],
  ['甘肃省', 'Gansu'],
  ['青海省', 'Qinghai'],
  ['宁夏回族自治区', 'Ningxia'],
  ['新疆维吾尔自治区', 'Xinjiang'],
  ['台湾省', 'Taiwan'],
  ['香港特别行政区', 'Hong Kong'],
  ['澳门特别行政区', 'Macao'],
];

const PREFECTURES: ReadonlyArray<readonly [string, string]> = [
  ['武汉市', 'Wuhan'],
  ['长沙市', 'Changsha'],
  ['厦门市', 'Xiamen'],
  ['蚌埠市', 'Bengbu'],
  ['六安市', "Lu'an"],
  ['西安市', "Xi'an"],
  ['吉安市', "Ji'an"],
  ['泰安市', "Tai'an"],
  ['长春市', 'Changchun'],
  ['乐山市', 'Leshan'],
  ['普洱市', "Pu'er"],
  ['吕梁市', 'Lüliang'],
  ['秦皇岛市', 'Qinhuangdao'],
  ['哈尔滨市', 'Harbin'],
  ['呼和浩特市', 'Hohhot'],
  ['乌鲁木齐市', 'Urumqi'],
  ['拉萨市', 'Lhasa'],
  ['吉林市', 'Jilin City'],
  ['恩施土家族苗族自治州', 'Enshi Tujia and Miao Autonomous Prefecture'],
  ['延边朝鲜族自治州', 'Yanbian Korean Autonomous Prefecture'],
  ['海西蒙古族藏族自治州', 'Haixi Mongol and Tibetan Autonomous Prefecture'],
  ['伊犁哈萨克自治州', 'Ili Kazak Autonomous Prefecture'],
  ['大兴安岭地区', 'Da Hinggan Ling Prefecture'],
  ['锡林郭勒盟', 'Xilingol League'],
  ['浦东新区', 'Pudong New Area'],
  ['东城区', 'Dongcheng District'],
  ['城口县', 'Chengkou County'],
  ['石柱土家族自治县', 'Shizhu Tujia Autonomous County'],
];

const COUNTIES: ReadonlyArray<readonly [string, string]> = [
  ['东西湖区', 'Dongxihu District'],
  ['江岸区', "Jiang'an District"],
  ['长宁区', 'Changning District'],
  ['静安区', "Jing'an District"],
  ['乐清市', 'Yueqing City'],
  ['单县', 'Shan County'],
  ['洪洞县', 'Hongtong County'],
  ['六合区', 'Luhe District'],
  ['郫都区', 'Pidu District'],
  ['歙县', 'She County'],
  ['珲春市', 'Hunchun City'],
  ['城区', 'Cheng District'],
  ['矿区', 'Kuang District'],
  ['清新区', 'Qingxin District'],
  ['碑林区', 'Beilin District'],
  ['井陉矿区', 'Jingxing Mining District'],
  ['神农架林区', 'Shennongjia Forestry District'],
  ['积石山保安族东乡族撒拉族自治县', 'Jishishan Bonan, Dongxiang and Salar Autonomous County'],
  ['河南蒙古族自治县', 'Henan Mongol Autonomous County'],
  ['乌拉特前旗', 'Urad Front Banner'],
  ['科尔沁左翼中旗', 'Horqin Left Middle Banner'],
  ['正镶白旗', 'Zhengxiangbai Banner'],
  ['鄂伦春自治旗', 'Oroqen Autonomous Banner'],
  ['闵行区', 'Minhang District'],
  ['康巴什区', 'Kangbashi District'],
  ['市辖区', 'City districts'],
];

describe('divisionNameEn', () => {
  it('names all 34 provincial-level divisions', () => {
    expect(PROVINCES).toHaveLength(34);
    for (const [zh, en] of PROVINCES) expect(divisionNameEn(zh, 1), zh).toBe(en);
    expect(Object.keys(PROVINCE_NAMES_EN).sort()).toEqual(PROVINCES.map(([zh]) => zh).sort());
  });

  it('names prefecture-level divisions without 市, polyphones read as places', () => {
    for (const [zh, en] of PREFECTURES) expect(divisionNameEn(zh, 2), zh).toBe(en);
  });

  it('names districts, counties, county-level cities and banners with their generic part', () => {
    for (const [zh, en] of COUNTIES) expect(divisionNameEn(zh, 3), zh).toBe(en);
  });

  it("uses Hong Kong's district names only in Hong Kong, and Macao's parishes", () => {
    expect(divisionNameEn('东区', 2, '810003')).toBe('Eastern District');
    expect(divisionNameEn('东区', 3, '510402')).toBe('Dong District');
    expect(divisionNameEn('湾仔区', 2, '810002')).toBe('Wan Chai District');
    expect(divisionNameEn('大堂区', 2, '820004')).toBe('Sé');
  });

  it('names the placeholders of directly administered county-level divisions', () => {
    expect(divisionNameEn('湖北省-自治区直辖县级行政区划', 2)).toBe(
      'Directly administered county-level divisions',
    );
  });

  it('joins syllables with an apostrophe before a, o, e only', () => {
    expect(pinyinWord('西安')).toBe("Xi'an");
    expect(pinyinWord('东阿')).toBe("Dong'e");
    expect(pinyinWord('重庆')).toBe('Chongqing');
  });

  it('names development zones with their province and city as separate words', () => {
    const names = divisionNamesEn(areaRowsFromPackage());
    expect(names.get('130274')).toBe('Hebei Tangshan Haigang Economic Development Zone');
    expect(names.get('340372')).toBe('Bengbu Economic Development Zone');
    expect(names.get('320571')).toBe('Suzhou Industrial Park');
    expect(names.get('420100')).toBe('Wuhan');
    expect(names.get('420112')).toBe('Dongxihu District');
  });

  it('gives every division of the shipped table a Latin name with its generic part', () => {
    const rows = areaRowsFromPackage();
    const latin = /^[A-Za-zÀ-ÿüÜ', -]+$/;
    for (const row of rows) {
      const en = divisionNameEn(row.name, row.level as DivisionLevel, row.adcode);
      expect(en, `${row.adcode} ${row.name}`).toMatch(latin);
      if (row.level >= 2 && row.name.endsWith('县')) expect(en, row.name).toMatch(/ County$/);
      if (row.level === 3 && row.name.endsWith('市')) expect(en, row.name).toMatch(/ City$/);
    }
  });
});

/**
 * Names of minority-language origin, by adcode of the shipped table: the form of China's official
 * English usage (Xinhua, China Daily, gov.cn English; see english-names-minority.ts), and the pinyin
 * where that usage is the pinyin (Hami, Shannan, Tacheng, Dingri, Yining, Shihezi).
 */
const MINORITY_NAMES: ReadonlyArray<readonly [string, string, string]> = [
  // Xinjiang
  ['650100', '乌鲁木齐市', 'Urumqi'],
  ['650200', '克拉玛依市', 'Karamay'],
  ['650400', '吐鲁番市', 'Turpan'],
  ['650500', '哈密市', 'Hami'],
  ['652300', '昌吉回族自治州', 'Changji Hui Autonomous Prefecture'],
  ['652700', '博尔塔拉蒙古自治州', 'Bortala Mongol Autonomous Prefecture'],
  ['652800', '巴音郭楞蒙古自治州', 'Bayingolin Mongol Autonomous Prefecture'],
  ['652900', '阿克苏地区', 'Aksu Prefecture'],
  ['652901', '阿克苏市', 'Aksu City'],
  ['653000', '克孜勒苏柯尔克孜自治州', 'Kizilsu Kirgiz Autonomous Prefecture'],
  ['653100', '喀什地区', 'Kashgar Prefecture'],
  ['653101', '喀什市', 'Kashgar City'],
  ['653131', '塔什库尔干塔吉克自治县', 'Taxkorgan Tajik Autonomous County'],
  ['653200', '和田地区', 'Hotan Prefecture'],
  ['653221', '和田县', 'Hotan County'],
  ['654000', '伊犁哈萨克自治州', 'Ili Kazak Autonomous Prefecture'],
  ['654002', '伊宁市', 'Yining City'],
  ['654022', '察布查尔锡伯自治县', 'Qapqal Xibe Autonomous County'],
  ['654200', '塔城地区', 'Tacheng Prefecture'],
  ['654300', '阿勒泰地区', 'Altay Prefecture'],
  ['652801', '库尔勒市', 'Korla City'],
  ['659001', '石河子市', 'Shihezi City'],
  ['659002', '阿拉尔市', 'Aral City'],
  ['659003', '图木舒克市', 'Tumxuk City'],
  ['659004', '五家渠市', 'Wujiaqu City'],
  // Tibet
  ['540100', '拉萨市', 'Lhasa'],
  ['540200', '日喀则市', 'Xigaze'],
  ['540222', '江孜县', 'Gyangze County'],
  ['540223', '定日县', 'Dingri County'],
  ['540300', '昌都市', 'Qamdo'],
  ['540400', '林芝市', 'Nyingchi'],
  ['540423', '墨脱县', 'Medog County'],
  ['540500', '山南市', 'Shannan'],
  ['540600', '那曲市', 'Nagqu'],
  ['542500', '阿里地区', 'Ngari Prefecture'],
  // Inner Mongolia
  ['150100', '呼和浩特市', 'Hohhot'],
  ['150500', '通辽市', 'Tongliao'],
  ['150521', '科尔沁左翼中旗', 'Horqin Left Middle Banner'],
  ['150600', '鄂尔多斯市', 'Ordos'],
  ['150627', '伊金霍洛旗', 'Ejin Horo Banner'],
  ['150700', '呼伦贝尔市', 'Hulunbuir'],
  ['150722', '莫力达瓦达斡尔族自治旗', 'Morin Dawa Daur Autonomous Banner'],
  ['150800', '巴彦淖尔市', 'Bayannur'],
  ['150900', '乌兰察布市', 'Ulanqab'],
  ['150926', '察哈尔右翼前旗', 'Qahar Right Front Banner'],
  ['152200', '兴安盟', 'Hinggan League'],
  ['152500', '锡林郭勒盟', 'Xilingol League'],
  ['152501', '二连浩特市', 'Erenhot City'],
  ['152525', '东乌珠穆沁旗', 'East Ujimqin Banner'],
  ['152900', '阿拉善盟', 'Alxa League'],
  ['152921', '阿拉善左旗', 'Alxa Left Banner'],
  ['152923', '额济纳旗', 'Ejina Banner'],
  // Qinghai, Gansu, Sichuan, Yunnan, Jilin, Heilongjiang
  ['632600', '果洛藏族自治州', 'Golog Tibetan Autonomous Prefecture'],
  ['632700', '玉树藏族自治州', 'Yushu Tibetan Autonomous Prefecture'],
  ['632300', '黄南藏族自治州', 'Huangnan Tibetan Autonomous Prefecture'],
  ['632801', '格尔木市', 'Golmud City'],
  ['623000', '甘南藏族自治州', 'Gannan Tibetan Autonomous Prefecture'],
  ['622900', '临夏回族自治州', 'Linxia Hui Autonomous Prefecture'],
  ['620924', '阿克塞哈萨克族自治县', 'Aksay Kazak Autonomous County'],
  ['513300', '甘孜藏族自治州', 'Garze Tibetan Autonomous Prefecture'],
  ['513200', '阿坝藏族羌族自治州', 'Aba Tibetan and Qiang Autonomous Prefecture'],
  ['513201', '马尔康市', 'Barkam City'],
  ['532800', '西双版纳傣族自治州', 'Xishuangbanna Dai Autonomous Prefecture'],
  ['533100', '德宏傣族景颇族自治州', 'Dehong Dai and Jingpo Autonomous Prefecture'],
  ['533300', '怒江傈僳族自治州', 'Nujiang Lisu Autonomous Prefecture'],
  ['533400', '迪庆藏族自治州', 'Diqing Tibetan Autonomous Prefecture'],
  ['533401', '香格里拉市', 'Shangri-La City'],
  ['222400', '延边朝鲜族自治州', 'Yanbian Korean Autonomous Prefecture'],
  ['232700', '大兴安岭地区', 'Da Hinggan Ling Prefecture'],
];

/** Autonomous divisions: the ethnic groups in the order of the Chinese name, then "Autonomous". */
const AUTONOMOUS: ReadonlyArray<readonly [string, DivisionLevel, string]> = [
  ['甘孜藏族自治州', 2, 'Garze Tibetan Autonomous Prefecture'],
  ['巴音郭楞蒙古自治州', 2, 'Bayingolin Mongol Autonomous Prefecture'],
  ['博尔塔拉蒙古自治州', 2, 'Bortala Mongol Autonomous Prefecture'],
  ['西双版纳傣族自治州', 2, 'Xishuangbanna Dai Autonomous Prefecture'],
  ['延边朝鲜族自治州', 2, 'Yanbian Korean Autonomous Prefecture'],
  ['黔南布依族苗族自治州', 2, 'Qiannan Bouyei and Miao Autonomous Prefecture'],
  ['红河哈尼族彝族自治州', 2, 'Honghe Hani and Yi Autonomous Prefecture'],
  ['双江拉祜族佤族布朗族傣族自治县', 3, 'Shuangjiang Lahu, Va, Blang and Dai Autonomous County'],
  ['围场满族蒙古族自治县', 3, 'Weichang Manchu and Mongol Autonomous County'],
  ['东乡族自治县', 3, 'Dongxiang Autonomous County'],
  ['龙胜各族自治县', 3, 'Longsheng Various Nationalities Autonomous County'],
  ['鄂伦春自治旗', 3, 'Oroqen Autonomous Banner'],
  ['鄂温克族自治旗', 3, 'Ewenki Autonomous Banner'],
  ['喀喇沁左翼蒙古族自治县', 3, 'Harqin Left Wing Mongol Autonomous County'],
  ['前郭尔罗斯蒙古族自治县', 3, 'Qian Gorlos Mongol Autonomous County'],
  ['巴里坤哈萨克自治县', 3, 'Barkol Kazak Autonomous County'],
];

describe('divisionNameEn, names of minority-language origin', () => {
  const rows = areaRowsFromPackage();
  const names = divisionNamesEn(rows);
  const byCode = new Map(rows.map((row) => [row.adcode, row]));

  it('gives the settled English form of official usage, else the pinyin', () => {
    expect(MINORITY_NAMES.length).toBeGreaterThanOrEqual(25);
    for (const [adcode, zh, en] of MINORITY_NAMES) {
      expect(byCode.get(adcode)?.name, adcode).toBe(zh);
      expect(names.get(adcode), `${adcode} ${zh}`).toBe(en);
    }
  });

  it('names autonomous divisions with their ethnic groups and "Autonomous"', () => {
    for (const [zh, level, en] of AUTONOMOUS) expect(divisionNameEn(zh, level), zh).toBe(en);
  });

  it('renders every autonomous division of the shipped table with each of its groups', () => {
    const autonomous = rows.filter((row) => row.level >= 2 && /自治[州县旗]$/.test(row.name));
    expect(autonomous.length).toBeGreaterThan(100);
    for (const row of autonomous) {
      const en = names.get(row.adcode) ?? '';
      expect(en, row.name).toMatch(/^[A-Z][A-Za-z', -]* Autonomous (Prefecture|County|Banner)$/);
      expect(en, row.name).not.toMatch(/zu\b/);
      for (const [group, groupEn] of Object.entries(ETHNIC_GROUPS_EN)) {
        const named = row.name.includes(`${group}族`) || (group.length > 1 && row.name.includes(group));
        if (named) expect(en, `${row.name}: ${group}`).toContain(groupEn);
      }
    }
  });

  it('applies a settled form only in its own province', () => {
    expect(names.get('152200')).toBe('Hinggan League');
    expect(names.get('450325')).toBe("Xing'an County");
    expect(divisionNameEn('兴安县', 3, '450325')).toBe("Xing'an County");
    expect(names.get('632500')).toBe('Hainan Tibetan Autonomous Prefecture');
    expect(names.get('150303')).toBe('Hainan District');
  });

  it('uses settled forms and provinces in the names of development zones', () => {
    expect(names.get('150172')).toBe('Hohhot Economic and Technological Development Zone');
    expect(names.get('152971')).toBe('Inner Mongolia Alxa High-tech Industrial Development Zone');
    expect(names.get('540172')).toBe('Lhasa Economic and Technological Development Zone');
  });

  it('uses every entry of the settled-form tables in its province', () => {
    for (const [province, table] of Object.entries(MINORITY_PROPER_NAMES_EN)) {
      const inProvince = rows
        .filter((row) => row.adcode.startsWith(province))
        .map((row) => names.get(row.adcode) ?? '');
      for (const [zh, en] of Object.entries(table))
        expect(
          inProvince.some((name) => name.includes(en)),
          `${province} ${zh} ${en}`,
        ).toBe(true);
    }
  });
});
