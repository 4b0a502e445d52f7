import { describe, expect, it } from 'vitest';
import { areaRowsFromPackage } from '../../seed/price-data';
import {
  type DivisionLevel,
  divisionNameEn,
  divisionNamesEn,
  PROVINCE_NAMES_EN,
  pinyinWord,
} from './english-names';

/**
 * Expected names: the divisions' English Wikipedia titles and China Daily usage, reduced to the
 * convention of english-names.ts (no tones, generic part in English, no ethnic qualifier).
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
  ['恩施土家族苗族自治州', 'Enshi Prefecture'],
  ['延边朝鲜族自治州', 'Yanbian Prefecture'],
  ['海西蒙古族藏族自治州', 'Haixi Prefecture'],
  ['伊犁哈萨克自治州', 'Ili Prefecture'],
  ['大兴安岭地区', "Daxing'anling Prefecture"],
  ['锡林郭勒盟', 'Xilingol League'],
  ['浦东新区', 'Pudong New Area'],
  ['东城区', 'Dongcheng District'],
  ['城口县', 'Chengkou County'],
  ['石柱土家族自治县', 'Shizhu County'],
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
  ['城区', 'Cheng District'],
  ['矿区', 'Kuang District'],
  ['清新区', 'Qingxin District'],
  ['碑林区', 'Beilin District'],
  ['井陉矿区', 'Jingxing Mining District'],
  ['神农架林区', 'Shennongjia Forestry District'],
  ['积石山保安族东乡族撒拉族自治县', 'Jishishan County'],
  ['河南蒙古族自治县', 'Henan County'],
  ['乌拉特前旗', 'Wulate Front Banner'],
  ['科尔沁左翼中旗', "Ke'erqin Left Middle Banner"],
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
    const latin = /^[A-Za-zÀ-ÿüÜ' -]+$/;
    for (const row of rows) {
      const en = divisionNameEn(row.name, row.level as DivisionLevel, row.adcode);
      expect(en, `${row.adcode} ${row.name}`).toMatch(latin);
      if (row.level >= 2 && row.name.endsWith('县')) expect(en, row.name).toMatch(/ County$/);
      if (row.level === 3 && row.name.endsWith('市')) expect(en, row.name).toMatch(/ City$/);
    }
  });
});
