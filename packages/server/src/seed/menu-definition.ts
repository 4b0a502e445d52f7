/**
 * The product's whole menu (spec 000 §2 view areas), seeded per app code and role.
 * M = folder, C = page, F = button permission (buttonFlag `area-page-action`).
 * `url` is the lazily loaded view under the web app's pages folder; `hidden` pages
 * (menuState 1) are routable but not shown in the sidebar (detail and result pages).
 */
export interface MenuNode {
  readonly type: 'M' | 'C' | 'F';
  readonly zh: string;
  readonly en: string;
  readonly icon?: string;
  readonly route?: string;
  readonly url?: string;
  readonly flag?: string;
  readonly hidden?: boolean;
  /** Role keys that see this node and everything under it (inherited when absent). */
  readonly roles?: readonly string[];
  readonly children?: readonly MenuNode[];
}

export const ALL_STAFF = ['admin', 'fzjc_designer'] as const;
const CUSTOMERS = ['admin', 'fzjc_designer', 'tools_out_user', 'sales_manager', 'channel_partner'] as const;
const SALES = ['admin', 'sales_manager'] as const;

function folder(
  zh: string,
  en: string,
  icon: string,
  route: string,
  roles: readonly string[],
  children: MenuNode[],
): MenuNode {
  return { type: 'M', zh, en, icon, route, roles, children };
}

function page(
  zh: string,
  en: string,
  route: string,
  url: string,
  flag: string,
  extra: Partial<MenuNode> = {},
): MenuNode {
  return { type: 'C', zh, en, route, url, flag, ...extra };
}

function buttons(area: string, actions: ReadonlyArray<[string, string, string]>): MenuNode[] {
  return actions.map(([action, zh, en]) => ({ type: 'F', zh, en, flag: `${area}-${action}` }));
}

const CRUD: ReadonlyArray<[string, string, string]> = [
  ['add', '新增', 'Add'],
  ['edit', '编辑', 'Edit'],
  ['delete', '删除', 'Delete'],
  ['export', '导出', 'Export'],
];

export const MENU_TREE: readonly MenuNode[] = [
  page('首页', 'Home', '/homeindex', 'home/index', 'homeindex', { icon: 'HomeOutlined', roles: CUSTOMERS }),
  folder('收益评估', 'Income assessment', 'FundOutlined', '/preliminaryStage', CUSTOMERS, [
    page(
      '收益评估',
      // Shorter than its folder's name: a nested item of 17 letters is cut at the side menu's 220 px.
      'Assessments',
      '/tools/auxiliaryDecision',
      'preliminaryStage/auxiliaryDecision/index',
      'auxiliaryDecision',
      {
        children: buttons('preliminaryStage-auxiliaryDecision', [...CRUD, ['lock', '锁定方案', 'Lock plan']]),
      },
    ),
    page(
      '储能测算详情',
      'Storage estimate detail',
      'storedEnergyDetail',
      'preliminaryStage/storedEnergyDetail/index',
      'storedEnergyDetail',
      { hidden: true },
    ),
    page(
      '储能测算结果',
      'Storage estimate result',
      'storedEnergyResult',
      'preliminaryStage/storedEnergyResult/index',
      'storedEnergyResult',
      { hidden: true },
    ),
    page(
      '分布式光伏结果',
      'Distributed PV result',
      '/preliminaryStage/distributedPhotovoltaicResult',
      'preliminaryStage/distributedPhotovoltaicResult/index',
      'distributedPhotovoltaicResult',
      { hidden: true },
    ),
    page(
      '光储结果',
      'PV+storage result',
      '/preliminaryStage/distributedOpticalStorageResult',
      'preliminaryStage/distributedOpticalStorageResult/index',
      'distributedOpticalStorageResult',
      { hidden: true },
    ),
    page('电价查询', 'Price search', 'priceSearch', 'preliminaryStage/priceSearch/index', 'priceSearch'),
    page('用户核查', 'User check', 'userCheck', 'preliminaryStage/userCheck/index', 'userCheck', {
      roles: ALL_STAFF,
    }),
  ]),
  folder('无人机勘测', 'Drone survey', 'CameraOutlined', '/measure', CUSTOMERS, [
    page('建模任务', 'Modelling tasks', '/measure/task', 'measure/task/index', 'measureTask', {
      children: buttons('measure-task', [
        ['add', '新建任务', 'New task'],
        ['delete', '删除', 'Delete'],
      ]),
    }),
    page('航线规划', 'Flight app', 'flyApp', 'measure/flyApp/index', 'flyApp'),
    page('算法校验', 'Algorithm check', 'checkAlgo', 'measure/checkAlgo/index', 'checkAlgo', {
      roles: ALL_STAFF,
    }),
    page('三维模型', 'Tileset model', '/tilesetModel', 'tilesetModel/index', 'tilesetModel', {
      hidden: true,
    }),
  ]),
  folder('优化设计', 'Optimal design', 'BuildOutlined', '/optimalDesign', CUSTOMERS, [
    page('设计列表', 'Design list', '/optimaldesign/list', 'optimalDesign/list/index', 'optimalDesignList', {
      children: buttons('optimalDesign-list', CRUD),
    }),
    page(
      '新建设计项目',
      'New design project',
      'newProject',
      'optimalDesign/newProject/index',
      'optimalDesignNew',
      { hidden: true },
    ),
    page('重新设计', 'Redesign', 'redesign', 'optimalDesign/Redesign/index', 'optimalDesignRedesign', {
      hidden: true,
    }),
    page('三维模型', '3D model', 'threeDModel', 'optimalDesign/ThreeDModel/index', 'optimalDesignThreeD', {
      hidden: true,
    }),
    page('CAD设计', 'CAD design', 'designCAD', 'optimalDesign/designCAD/index', 'optimalDesignCAD', {
      hidden: true,
    }),
    page(
      '优化结果',
      'Optimal result',
      'optimalResult',
      'optimalDesign/optimalResult/index',
      'optimalDesignResult',
      { hidden: true },
    ),
    page(
      '方案列表',
      'Plan list',
      '/doubleSidedTask',
      'optimalDesign/doubleSidedTask/index',
      'doubleSidedTask',
      { hidden: true },
    ),
    page(
      '智能设计工程量',
      'Intelligent design quantities',
      'intelligentDesign',
      'intelligentDesign/quantityList/index',
      'intelligentDesignQuantity',
      { roles: ALL_STAFF },
    ),
  ]),
  folder('可研评估', 'Feasibility', 'FileSearchOutlined', '/feasibilityAssess', CUSTOMERS, [
    page(
      '可研报告',
      'Feasibility reports',
      'feasibilityReport',
      'feasibilityAssess/feasibilityReport/index',
      'feasibilityReport',
      {
        children: buttons('feasibilityAssess-feasibilityReport', CRUD),
      },
    ),
    page(
      '可研报告详情',
      'Feasibility report detail',
      'feasibilityReportDetail',
      'feasibilityAssess/feasibilityReport/detail',
      'feasibilityReportDetail',
      { hidden: true },
    ),
    page(
      '项目报告',
      'Project reports',
      'projectReport',
      'feasibilityAssess/projectReport/detail',
      'projectReport',
    ),
    page(
      '勘察报告',
      'Survey reports',
      'surveyReport',
      'feasibilityAssess/surveyReport/index',
      'surveyReport',
    ),
    page(
      '简易勘察',
      'Simple survey',
      'simpleSurvey',
      'feasibilityAssess/surveyReport/simpleSurvey',
      'simpleSurvey',
      { hidden: true },
    ),
  ]),
  folder('项目管理', 'Projects', 'ProjectOutlined', '/project', CUSTOMERS, [
    page('项目列表', 'Project list', 'index', 'project/index', 'projectIndex', {
      children: buttons('project-index', CRUD),
    }),
    page('任务', 'Tasks', 'task', 'project/task/index', 'projectTask'),
    page('任务结果', 'Task result', 'taskResult', 'project/taskResult/index', 'projectTaskResult', {
      hidden: true,
    }),
    page('任务物料清单', 'Task BOM', 'taskBom', 'project/taskBom/index', 'projectTaskBom', { hidden: true }),
    page('批量下载', 'Batch download', 'batchDownload', 'batchDownload/index', 'batchDownload'),
  ]),
  folder('成本管理', 'Cost management', 'AccountBookOutlined', '/costManagement', ALL_STAFF, [
    page(
      '成本测算',
      'Cost calculation',
      'costCalculate',
      'costManagement/costCalculate/index',
      'costCalculate',
      {
        children: buttons('costManagement-costCalculate', CRUD),
      },
    ),
    page(
      '工程量清单',
      'Quantity list',
      'quantityList',
      'costManagement/costCalculate/quantityList',
      'costQuantityList',
      { hidden: true },
    ),
    page('价格库', 'Price store', 'priceStore', 'costManagement/priceStore/index', 'priceStore'),
    folder('主数据配置', 'Master configuration', 'SettingOutlined', 'masterConfig', ALL_STAFF, [
      page('材料', 'Materials', 'material', 'costManagement/masterConfig/material', 'masterMaterial'),
      page('目录', 'Directory', 'directory', 'costManagement/masterConfig/directory', 'masterDirectory'),
      page(
        '工程量主数据',
        'Quantities master',
        'quantitiesMaster',
        'costManagement/masterConfig/quantitiesMaster',
        'masterQuantities',
      ),
      page('模板', 'Templates', 'template', 'costManagement/masterConfig/template', 'masterTemplate'),
      page('类型', 'Types', 'type', 'costManagement/masterConfig/type', 'masterType'),
    ]),
  ]),
  folder('销售管理', 'Sales management', 'ShopOutlined', '/salesManage', SALES, [
    page('订单', 'Orders', 'orders', 'salesManage/orders/index', 'salesOrders', {
      children: buttons('salesManage-orders', [['export', '导出', 'Export']]),
    }),
    page('套餐配置', 'Packages', 'setMenu', 'salesManage/setMenu/index', 'salesSetMenu', {
      children: buttons('salesManage-setMenu', CRUD),
    }),
    page(
      '渠道合作伙伴',
      'Channel partners',
      'channelPartner',
      'salesManage/channelPartner/index',
      'salesChannelPartner',
      {
        roles: [...SALES, 'channel_partner'],
        children: buttons('salesManage-channelPartner', CRUD),
      },
    ),
    page('用户积分', 'User points', 'userPoints', 'salesManage/userPoints/index', 'salesUserPoints'),
    page('用户角色', 'User roles', 'userRoles', 'salesManage/userRoles/index', 'salesUserRoles'),
    page('直播', 'Live streams', 'live', 'salesManage/live/index', 'salesLive'),
    page('教学', 'Teaching', 'teach', 'salesManage/teach/index', 'salesTeach'),
  ]),
  folder('统计分析', 'Statistics', 'BarChartOutlined', '/statisticAnalysis', SALES, [
    page(
      '经营分析',
      'Business analysis',
      'businessAnalysis',
      'statisticAnalysis/businessAnalysis/index',
      'businessAnalysis',
    ),
    page(
      '经营统计',
      'Business statistics',
      'businessStatistics',
      'statisticAnalysis/businessStatistics/index',
      'businessStatistics',
    ),
  ]),
  folder(
    '系统管理',
    'System',
    'SettingOutlined',
    '/system',
    ['admin'],
    [
      page('项目管理', 'Projects', 'project', 'system/project/index', 'systemProject'),
      page('项目案例', 'Project cases', 'projectCase', 'system/projectCase/index', 'systemProjectCase'),
      page('角色配置', 'Role configuration', 'roleConfig', 'system/roleConfig/index', 'systemRoleConfig', {
        children: buttons('system-roleConfig', CRUD),
      }),
      page(
        '数据权限',
        'Data permission',
        'dataPermission',
        'system/dataPermission/index',
        'systemDataPermission',
      ),
      page('工具配置', 'Tool configuration', 'configure', 'system/configure/index', 'systemConfigure'),
      page('成本配置', 'Cost configuration', 'cost', 'system/cost/index', 'systemCost'),
      page('物料配置', 'BOM configuration', 'bom', 'system/bom/index', 'systemBom'),
      page('勘察字段配置', 'Survey fields', 'surveyField', 'system/surveyConfig/field', 'systemSurveyField'),
      page(
        '勘察布局配置',
        'Survey layout',
        'surveyLayout',
        'system/surveyConfig/layout',
        'systemSurveyLayout',
      ),
      page('用户反馈', 'Feedback', 'feedback', 'system/feedback/index', 'systemFeedback'),
      page('设备监控', 'Device monitoring', 'monitor', 'system/monitor/index', 'systemMonitor'),
      page('数据分析', 'Analysis', 'analysis', 'system/analysis/index', 'systemAnalysis'),
      page('操作日志', 'Logs', 'log', 'system/Log/index', 'systemLog'),
      page(
        '储能产品库',
        'Storage products',
        'storageProducts',
        'system/storageProducts/index',
        'systemStorageProducts',
        { children: buttons('system-storageProducts', CRUD.slice(0, 3)) },
      ),
    ],
  ),
  folder('会员中心', 'Membership', 'CrownOutlined', '/openVip', CUSTOMERS, [
    page(
      '开通会员',
      'Membership plans',
      '/openVip/subscriptionVip',
      'openVip/subscriptionVip/index',
      'subscriptionVip',
    ),
    page('工具', 'Tools', '/openVip/tools', 'openVip/tools/index', 'openVipTools'),
    page('支付', 'Payment', 'pay', 'openVip/pay/index', 'openVipPay', { hidden: true }),
  ]),
  folder('视频', 'Videos', 'PlayCircleOutlined', '/videos', CUSTOMERS, [
    page('视频首页', 'Video home', '/homevideo', 'videos/index', 'homevideo'),
    page('直播', 'Live', '/homelive', 'videos/live', 'homelive'),
    page('明星案例', 'Star cases', '/starvideo', 'videos/star', 'starvideo'),
  ]),
];
