/** Dictionaries the shell and the estimate forms read (spec 001 §3 lookups and enumerations). */
export interface DictionarySeed {
  readonly key: string;
  readonly zh: string;
  readonly en: string;
  readonly items: ReadonlyArray<readonly [code: string, value: string, zh: string, en: string]>;
}

export const DICTIONARIES: readonly DictionarySeed[] = [
  {
    key: 'tilt_array_height',
    zh: '倾角与阵列高度范围(mm)',
    en: 'Tilt and array height range (mm)',
    items: [
      ['5', '565-696', '5°', '5°'],
      ['10', '565-829', '10°', '10°'],
      ['15', '565-967', '15°', '15°'],
      ['20', '565-1111', '20°', '20°'],
    ],
  },
  {
    key: 'wind_terrain_level',
    zh: '风压地面粗糙度类别',
    en: 'Wind / terrain level',
    items: [
      ['0', 'Ⅰ0', 'Ⅰ0类', 'Class Ⅰ0'],
      ['1', 'Ⅰ1', 'Ⅰ1类', 'Class Ⅰ1'],
      ['2', 'Ⅱ', 'Ⅱ类', 'Class Ⅱ'],
      ['3', 'Ⅲ', 'Ⅲ类', 'Class Ⅲ'],
      ['4', 'Ⅳ', 'Ⅳ类', 'Class Ⅳ'],
    ],
  },
  {
    key: 'array_rows',
    zh: '阵列排数',
    en: 'Array rows',
    items: [
      ['2', '2', '单排', 'Single row'],
      ['3', '3', '双排', 'Double row'],
    ],
  },
  {
    key: 'modelling_task_status',
    zh: '建模任务状态',
    en: 'Modelling task status',
    items: [
      ['0', 'warning', '模型上传中', 'Uploading model'],
      ['1', 'warning', '未上传文件', 'No files uploaded'],
      ['2', 'warning', '已上传文件', 'Files uploaded'],
      ['3', 'warning', '建模中', 'Modelling'],
      ['4', 'success', '建模完成', 'Modelling done'],
      ['5', 'error', '建模失败', 'Modelling failed'],
    ],
  },
  {
    key: 'membership_tier',
    zh: '会员等级',
    en: 'Membership tier',
    items: [
      ['0', '0', '免费版', 'Free'],
      ['1', '1', '会员版', 'Member'],
      ['2', '2', '高级版', 'Premium'],
    ],
  },
  {
    key: 'payment_status',
    zh: '支付状态',
    en: 'Payment status',
    items: [
      ['0', '0', '未支付', 'Unpaid'],
      ['1', '1', '已支付', 'Paid'],
    ],
  },
  {
    key: 'payment_method',
    zh: '支付方式',
    en: 'Payment method',
    items: [
      ['1', '1', '微信支付', 'WeChat Pay'],
      ['2', '2', '支付宝', 'Alipay'],
      ['3', '3', '其他', 'Other'],
    ],
  },
  {
    key: 'fuel_bag_type',
    zh: '加油包类型',
    en: 'Top-up pack type',
    items: [
      ['search_capacity', 'MW', '设计容量包', 'Design capacity pack'],
      ['survey_area', '万m²', '勘测面积包', 'Survey area pack'],
    ],
  },
  {
    key: 'project_type',
    zh: '项目类型',
    en: 'Project type',
    items: [
      ['pv', 'pv', '分布式光伏', 'Distributed PV'],
      ['es', 'es', '用户侧储能', 'User-side storage'],
      ['pves', 'pves', '光储一体', 'PV + storage'],
    ],
  },
  {
    key: 'tou_period',
    zh: '分时电价时段',
    en: 'Time-of-use period',
    items: [
      ['sharp', '1', '尖峰', 'Sharp peak'],
      ['peak', '2', '高峰', 'Peak'],
      ['flat', '3', '平段', 'Flat'],
      ['valley', '4', '低谷', 'Valley'],
      ['deep_valley', '5', '深谷', 'Deep valley'],
    ],
  },
  {
    key: 'electricity_category',
    zh: '用电类别',
    en: 'Electricity category',
    items: [
      ['general_ci', 'general_ci', '一般工商业', 'General commercial & industrial'],
      ['large_industry', 'large_industry', '大工业', 'Large industry'],
      ['single_system', 'single_system', '工商业（单一制）', 'C&I single-part'],
      ['two_part_system', 'two_part_system', '工商业（两部制）', 'C&I two-part'],
    ],
  },
  {
    key: 'voltage_level',
    zh: '电压等级',
    en: 'Voltage level',
    items: [
      ['lt1kv', '0.4', '不满1千伏', 'Below 1 kV'],
      ['1_10kv', '10', '1-10千伏', '1–10 kV'],
      ['20kv', '20', '20千伏', '20 kV'],
      ['35kv', '35', '35千伏', '35 kV'],
      ['110kv', '110', '110千伏', '110 kV'],
      ['220kv', '220', '220千伏及以上', '220 kV and above'],
    ],
  },
  {
    key: 'business_model',
    zh: '投资模式',
    en: 'Business model',
    items: [
      ['emc', 'emc', '合同能源管理(EMC)', 'Energy management contract (EMC)'],
      ['self_invest', 'self_invest', '业主自投', 'Self-investment'],
    ],
  },
  {
    key: 'grid_mode',
    zh: '上网模式',
    en: 'Grid connection mode',
    items: [
      ['surplus', 'surplus', '自发自用、余电上网', 'Self-consumption, surplus fed in'],
      ['full', 'full', '全额上网', 'Full feed-in'],
      ['self_only', 'self_only', '全部自用', 'Self-consumption only'],
    ],
  },
];
