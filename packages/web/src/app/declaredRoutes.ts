import type { MessageKey } from '../locales/resources';

/**
 * The declared routes of spec 000 §2 (not from the menu). `view` names the lazily loaded view
 * (see menu/views.tsx); `titleKey` is the i18n key of the route title.
 */
export interface DeclaredRoute {
  readonly path: string;
  readonly view: string;
  readonly titleKey: MessageKey;
  /** `public`: no login needed, no layout; `login`: inside the signed-in layout. */
  readonly access: 'public' | 'login';
  /** Never kept in the view cache. */
  readonly noCache?: boolean;
  /** Pinned: kept in the view cache and never evicted. */
  readonly pinned?: boolean;
  /** Fetched when the signed-in app is idle: the pages users open next on the main path. */
  readonly preload?: boolean;
}

export const DECLARED_ROUTES: readonly DeclaredRoute[] = [
  { path: '/homeindex', view: 'home/index', titleKey: 'routes.home', access: 'login' },
  { path: '/homevideo', view: 'videos/index', titleKey: 'routes.homevideo', access: 'login' },
  { path: '/starvideo', view: 'videos/star', titleKey: 'routes.starvideo', access: 'login' },
  { path: '/homelive', view: 'videos/live', titleKey: 'routes.homelive', access: 'login' },
  { path: '/test', view: 'test/index', titleKey: 'routes.test', access: 'login' },
  {
    path: '/doubleSidedTask',
    view: 'optimalDesign/doubleSidedTask/index',
    titleKey: 'routes.doubleSidedTask',
    access: 'login',
    noCache: true,
    pinned: true,
  },
  {
    path: '/tools/auxiliaryDecision',
    view: 'preliminaryStage/auxiliaryDecision/index',
    titleKey: 'routes.auxiliaryDecision',
    access: 'login',
    preload: true,
  },
  { path: '/measure/task', view: 'measure/task/index', titleKey: 'routes.measureTask', access: 'login' },
  {
    path: '/optimaldesign/list',
    view: 'optimalDesign/list/index',
    titleKey: 'routes.optimalDesignList',
    access: 'login',
  },
  { path: '/openVip/tools', view: 'openVip/tools/index', titleKey: 'routes.openVipTools', access: 'login' },
  {
    path: '/openVip/subscriptionVip',
    view: 'openVip/subscriptionVip/index',
    titleKey: 'routes.subscriptionVip',
    access: 'login',
  },
  {
    path: '/preliminaryStage/distributedPhotovoltaicResult',
    view: 'preliminaryStage/distributedPhotovoltaicResult/index',
    titleKey: 'routes.pvResult',
    access: 'login',
    preload: true,
  },
  {
    path: '/preliminaryStage/distributedOpticalStorageResult',
    view: 'preliminaryStage/distributedOpticalStorageResult/index',
    titleKey: 'routes.pvesResult',
    access: 'login',
    preload: true,
  },
  { path: '/500', view: 'exception/500', titleKey: 'routes.500', access: 'public' },
  { path: '/404', view: 'exception/404', titleKey: 'routes.404', access: 'public' },
  {
    path: '/ZTSJBGbackdownload',
    view: 'reports/backDownload',
    titleKey: 'routes.reportBackDownload',
    access: 'public',
  },
  { path: '/ZTSJBGdownload', view: 'reports/download', titleKey: 'routes.reportDownload', access: 'public' },
  {
    path: '/OptimizationRes',
    view: 'reports/optimizationRes',
    titleKey: 'routes.optimizationRes',
    access: 'public',
  },
  { path: '/sharePage', view: 'sharePage/index', titleKey: 'routes.sharePage', access: 'public' },
  { path: '/tilesetModel', view: 'tilesetModel/index', titleKey: 'routes.tilesetModel', access: 'public' },
];

/** The tabs of the mobile bottom bar (spec 000 §2 layout), in order. */
export const MOBILE_TABS = [
  { path: '/homeindex', titleKey: 'shell.tabs.home', icon: 'HomeOutlined' },
  { path: '/tools/auxiliaryDecision', titleKey: 'shell.tabs.assessment', icon: 'FundOutlined' },
  { path: '/measure/task', titleKey: 'shell.tabs.survey', icon: 'CameraOutlined' },
  { path: '/optimaldesign/list', titleKey: 'shell.tabs.design', icon: 'BuildOutlined' },
  { path: '/openVip/tools', titleKey: 'shell.tabs.tools', icon: 'ToolOutlined' },
] as const;

/** The list pages that offer the mobile search drawer. */
export const MOBILE_SEARCH_PATHS: readonly string[] = [
  '/tools/auxiliaryDecision',
  '/measure/task',
  '/optimaldesign/list',
];

/** The views of the declared routes marked `preload`. */
export const PRELOADED_VIEWS: readonly string[] = DECLARED_ROUTES.filter((route) => route.preload).map(
  (route) => route.view,
);
