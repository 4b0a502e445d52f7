/**
 * English forms of division names of minority-language origin (Mongolian, Tibetan, Uyghur, Kazak,
 * Manchu…) and of the ethnic groups named in autonomous divisions, for english-names.ts.
 *
 * Rule: the form of China's official English usage (Xinhua, China Daily, gov.cn English), which for
 * these names follows the official romanisation of minority place names on China's national maps
 * (Tibetan pinyin, the SASM/GNC transcriptions of Mongolian and Uyghur), written without diacritics as
 * those publications write it (Medog, not Mêdog; Garze, not Garzê). Where that usage is the Mandarin
 * pinyin itself (Hami, Aba, Diqing, Shache, Yecheng, Jiashi, Moyu, Dingri, Maduo…) there is no entry:
 * the generic rules already give it. Nothing here is a coinage: a name without a settled English form
 * stays in pinyin. Where Xinhua writes two forms, the one of the official romanisation is used
 * (Xigaze, not Shigatse); Aral / Tumxuk are the cities' own English names (Xinhua also writes Alaer /
 * Tumushuke).
 */

/**
 * The ethnic groups of China by the English names of the official list of the 56 groups (gov.cn),
 * except 蒙古 "Mongol", the form of the autonomous divisions' official names ("Bayingolin Mongol
 * Autonomous Prefecture"). 各族 ("all groups", 龙胜各族自治县) reads "Various Nationalities", the
 * county's official English name.
 */
export const ETHNIC_GROUPS_EN: Readonly<Record<string, string>> = {
  蒙古: 'Mongol',
  回: 'Hui',
  藏: 'Tibetan',
  维吾尔: 'Uygur',
  苗: 'Miao',
  彝: 'Yi',
  壮: 'Zhuang',
  布依: 'Bouyei',
  朝鲜: 'Korean',
  满: 'Manchu',
  侗: 'Dong',
  瑶: 'Yao',
  白: 'Bai',
  土家: 'Tujia',
  哈尼: 'Hani',
  哈萨克: 'Kazak',
  傣: 'Dai',
  黎: 'Li',
  傈僳: 'Lisu',
  佤: 'Va',
  畲: 'She',
  高山: 'Gaoshan',
  拉祜: 'Lahu',
  水: 'Shui',
  东乡: 'Dongxiang',
  纳西: 'Naxi',
  景颇: 'Jingpo',
  柯尔克孜: 'Kirgiz',
  土: 'Tu',
  达斡尔: 'Daur',
  仫佬: 'Mulam',
  羌: 'Qiang',
  布朗: 'Blang',
  撒拉: 'Salar',
  毛南: 'Maonan',
  仡佬: 'Gelao',
  锡伯: 'Xibe',
  阿昌: 'Achang',
  普米: 'Pumi',
  塔吉克: 'Tajik',
  怒: 'Nu',
  乌孜别克: 'Uzbek',
  俄罗斯: 'Russian',
  鄂温克: 'Ewenki',
  德昂: "De'ang",
  保安: 'Bonan',
  裕固: 'Yugur',
  京: 'Gin',
  塔塔尔: 'Tatar',
  独龙: 'Derung',
  鄂伦春: 'Oroqen',
  赫哲: 'Hezhen',
  门巴: 'Monba',
  珞巴: 'Lhoba',
  基诺: 'Jino',
  各: 'Various Nationalities',
};

/**
 * Proper names (without the generic part 市/县/区/旗/盟/地区/自治州 and without the ethnic
 * qualifier) by province code, the adcode's first two digits: the generic rules of english-names.ts
 * still apply, so 喀什 gives "Kashgar Prefecture" (喀什地区) and "Kashgar City" (喀什市), and a
 * same-named place in another province keeps its pinyin (兴安县 in Guangxi is Xing'an County, 兴安盟 in
 * Inner Mongolia Hinggan League). Banners' position words are translated after the name (科尔沁 →
 * "Horqin Left Middle Banner" for 科尔沁左翼中旗).
 */
export const MINORITY_PROPER_NAMES_EN: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // Liaoning
  '21': {
    喀喇沁左翼: 'Harqin Left Wing',
  },
  // Jilin
  '22': {
    前郭尔罗斯: 'Qian Gorlos',
  },
  // Heilongjiang
  '23': {
    哈尔滨: 'Harbin',
    齐齐哈尔: 'Qiqihar',
    大兴安岭: 'Da Hinggan Ling',
    杜尔伯特: 'Dorbod',
  },
  // Inner Mongolia: leagues, prefecture-level cities, and banners and cities of Mongolian names.
  '15': {
    呼和浩特: 'Hohhot',
    鄂尔多斯: 'Ordos',
    呼伦贝尔: 'Hulunbuir',
    巴彦淖尔: 'Bayannur',
    乌兰察布: 'Ulanqab',
    兴安: 'Hinggan',
    锡林郭勒: 'Xilingol',
    阿拉善: 'Alxa',
    土默特: 'Tumed',
    托克托: 'Togtoh',
    和林格尔: 'Horinger',
    白云鄂博: 'Bayan Obo',
    达尔罕茂明安: 'Darhan Muminggan',
    阿鲁科尔沁: 'Ar Horqin',
    巴林: 'Bairin',
    克什克腾: 'Hexigten',
    翁牛特: 'Ongniud',
    喀喇沁: 'Harqin',
    科尔沁: 'Horqin',
    库伦: 'Hure',
    扎鲁特: 'Jarud',
    霍林郭勒: 'Holingol',
    达拉特: 'Dalad',
    准格尔: 'Jungar',
    鄂托克: 'Otog',
    杭锦: 'Hanggin',
    乌审: 'Uxin',
    伊金霍洛: 'Ejin Horo',
    海拉尔: 'Hailar',
    扎赉诺尔: 'Jalainur',
    阿荣: 'Arun',
    莫力达瓦: 'Morin Dawa',
    陈巴尔虎: 'Chen Barag',
    新巴尔虎: 'New Barag',
    扎兰屯: 'Zalantun',
    额尔古纳: 'Ergun',
    乌拉特: 'Urad',
    察哈尔: 'Qahar',
    乌兰浩特: 'Ulanhot',
    阿尔山: 'Arxan',
    扎赉特: 'Jalaid',
    二连浩特: 'Erenhot',
    锡林浩特: 'Xilinhot',
    阿巴嘎: 'Abag',
    苏尼特: 'Sonid',
    东乌珠穆沁: 'East Ujimqin',
    西乌珠穆沁: 'West Ujimqin',
    太仆寺: 'Taibus',
    额济纳: 'Ejina',
  },
  // Sichuan
  '51': {
    甘孜: 'Garze',
    马尔康: 'Barkam',
    若尔盖: 'Zoige',
  },
  // Yunnan: 芒市's official English name is "Mangshi City".
  '53': {
    香格里拉: 'Shangri-La',
    芒: 'Mangshi',
  },
  // Tibet: prefecture-level cities and Ngari, and counties by their Tibetan pinyin.
  '54': {
    拉萨: 'Lhasa',
    日喀则: 'Xigaze',
    昌都: 'Qamdo',
    林芝: 'Nyingchi',
    那曲: 'Nagqu',
    阿里: 'Ngari',
    堆龙德庆: 'Doilungdeqen',
    达孜: 'Dagze',
    林周: 'Lhunzhub',
    当雄: 'Damxung',
    尼木: 'Nyemo',
    曲水: 'Quxu',
    墨竹工卡: 'Maizhokunggar',
    桑珠孜: 'Samzhubze',
    南木林: 'Namling',
    江孜: 'Gyangze',
    萨迦: 'Sakya',
    拉孜: 'Lhaze',
    昂仁: 'Ngamring',
    谢通门: 'Xaitongmoin',
    白朗: 'Bainang',
    仁布: 'Rinbung',
    康马: 'Kangmar',
    定结: 'Dinggye',
    吉隆: 'Gyirong',
    聂拉木: 'Nyalam',
    岗巴: 'Gamba',
    卡若: 'Karub',
    江达: 'Jomda',
    贡觉: 'Gonjo',
    类乌齐: 'Riwoqe',
    丁青: 'Dengqen',
    察雅: 'Chagyab',
    八宿: 'Baxoi',
    左贡: 'Zogang',
    芒康: 'Markam',
    洛隆: 'Lhorong',
    边坝: 'Banbar',
    工布江达: "Gongbo'gyamda",
    米林: 'Mainling',
    墨脱: 'Medog',
    察隅: 'Zayu',
    朗: 'Nang',
    乃东: 'Nedong',
    贡嘎: 'Gonggar',
    琼结: 'Qonggyai',
    曲松: 'Qusum',
    措美: 'Comai',
    洛扎: 'Lhozhag',
    加查: 'Gyaca',
    隆子: 'Lhunze',
    错那: 'Cona',
    浪卡子: 'Nagarze',
    嘉黎: 'Lhari',
    聂荣: 'Nyainrong',
    安多: 'Amdo',
    申扎: 'Xainza',
    索: 'Sog',
    班戈: 'Baingoin',
    巴青: 'Baqen',
    普兰: 'Burang',
    札达: 'Zanda',
    噶尔: 'Gar',
    日土: 'Rutog',
    改则: 'Gerze',
    措勤: 'Coqen',
  },
  // Gansu
  '62': {
    阿克塞: 'Aksay',
  },
  // Qinghai
  '63': {
    果洛: 'Golog',
    格尔木: 'Golmud',
  },
  // Xinjiang: prefectures and prefecture-level cities, and cities and counties of Uyghur, Kazak,
  // Mongolian and Tajik names.
  '65': {
    乌鲁木齐: 'Urumqi',
    克拉玛依: 'Karamay',
    吐鲁番: 'Turpan',
    博尔塔拉: 'Bortala',
    巴音郭楞: 'Bayingolin',
    阿克苏: 'Aksu',
    克孜勒苏: 'Kizilsu',
    喀什: 'Kashgar',
    和田: 'Hotan',
    伊犁: 'Ili',
    阿勒泰: 'Altay',
    乌尔禾: 'Urho',
    托克逊: 'Toksun',
    巴里坤: 'Barkol',
    玛纳斯: 'Manas',
    吉木萨尔: 'Jimsar',
    木垒: 'Mori',
    库尔勒: 'Korla',
    和硕: 'Hoxud',
    库车: 'Kuqa',
    沙雅: 'Xayar',
    阿瓦提: 'Awat',
    柯坪: 'Kalpin',
    阿图什: 'Artux',
    阿克陶: 'Akto',
    阿合奇: 'Akqi',
    英吉沙: 'Yengisar',
    麦盖提: 'Makit',
    岳普湖: 'Yopurga',
    塔什库尔干: 'Taxkorgan',
    奎屯: 'Kuytun',
    霍尔果斯: 'Horgos',
    察布查尔: 'Qapqal',
    特克斯: 'Tekes',
    尼勒克: 'Nilka',
    托里: 'Toli',
    和布克赛尔: 'Hoboksar',
    布尔津: 'Burqin',
    吉木乃: 'Jeminay',
    阿拉尔: 'Aral',
    图木舒克: 'Tumxuk',
    可克达拉: 'Kokdala',
  },
};

/**
 * The settled English form of a proper name in the province of `adcode`; without an adcode, in any
 * province (a caller that knows the code should pass it: 兴安 is Hinggan only in Inner Mongolia).
 */
export function minorityProperNameEn(properZh: string, adcode = ''): string | undefined {
  const province = adcode.slice(0, 2);
  if (province) return MINORITY_PROPER_NAMES_EN[province]?.[properZh];
  for (const names of Object.values(MINORITY_PROPER_NAMES_EN)) {
    const en = names[properZh];
    if (en) return en;
  }
  return undefined;
}
