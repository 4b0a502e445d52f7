import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { AreasService, MapService } from './modules/areas/areas.service';
import { AMapSearchProvider, amapConfigFromEnv, type MapSearchProvider } from './modules/areas/map-search';
import { AuthService } from './modules/auth/auth.service';
import { CaptchaService } from './modules/auth/captcha.service';
import { SessionService } from './modules/auth/session.service';
import { SmsCodeService } from './modules/auth/sms-code.service';
import { BillsService } from './modules/bills/bills.service';
import { DevicesService } from './modules/devices/devices.service';
import { FeedbackService } from './modules/feedback/feedback.service';
import { FilesService } from './modules/files/files.service';
import { InvitationService } from './modules/invitation/invitation.service';
import { JobsService } from './modules/jobs/jobs.service';
import { LoadService } from './modules/load/load.service';
import { MembershipService } from './modules/membership/membership.service';
import { MenuService } from './modules/menu/menu.service';
import { OrdersService } from './modules/orders/orders.service';
import { PaymentService } from './modules/payment/payment.service';
import { loadPaymentProviders, type PaymentProviders } from './modules/payment/payment-config';
import { PriceService } from './modules/price/price.service';
import { createProjectServices, type ProjectServices } from './modules/projects/project-services';
import { QuotaService } from './modules/quota/quota.service';
import { ShellService } from './modules/shell/shell.service';
import { UserListService } from './modules/users/user-list.service';
import { WeatherService } from './modules/weather/weather.service';
import { createSmsProvider, type SmsProvider } from './providers/sms';
import { createObjectStorage, type ObjectStorage } from './providers/storage';

export interface Services {
  readonly config: Config;
  readonly database: DatabaseHandle;
  readonly storage: ObjectStorage;
  readonly smsProvider: SmsProvider;
  readonly sessions: SessionService;
  readonly auth: AuthService;
  readonly captchas: CaptchaService;
  readonly menus: MenuService;
  readonly shell: ShellService;
  readonly files: FilesService;
  readonly feedback: FeedbackService;
  readonly jobs: JobsService;
  readonly userLists: UserListService;
  readonly invitations: InvitationService;
  readonly quotas: QuotaService;
  readonly membership: MembershipService;
  readonly orders: OrdersService;
  readonly payments: PaymentService;
  readonly areas: AreasService;
  readonly maps: MapService;
  readonly prices: PriceService;
  readonly weather: WeatherService;
  readonly load: LoadService;
  readonly projectServices: ProjectServices;
  readonly bills: BillsService;
  readonly devices: DevicesService;
}

export interface ServiceOverrides {
  readonly storage?: ObjectStorage;
  readonly smsProvider?: SmsProvider;
  /** Payment providers (tests point them at a local server); from the environment otherwise. */
  readonly paymentProviders?: PaymentProviders;
  /** Map search (tests point AMap at a local server); AMap when AMAP_KEY is set, else local divisions. */
  readonly mapSearch?: MapSearchProvider | null;
}

/** Wires the services once per process; routes only call them. */
export function createServices(
  config: Config,
  database: DatabaseHandle,
  logger: FastifyBaseLogger,
  overrides: ServiceOverrides = {},
): Services {
  const { db } = database;
  const storage = overrides.storage ?? createObjectStorage(config);
  const smsProvider = overrides.smsProvider ?? createSmsProvider(config, logger);
  const sessions = new SessionService(db, config.SESSION_TTL_HOURS);
  const captchas = new CaptchaService(db);
  const menus = new MenuService(db, config.MENU_PROJECT_ID);
  const files = new FilesService(db, storage);
  const invitations = new InvitationService(db);
  const areas = new AreasService(db);
  const jobs = new JobsService(db);
  const prices = new PriceService(db, areas);
  const weather = new WeatherService(db, storage, config);
  const devices = new DevicesService(db);
  const amap = amapConfigFromEnv();
  const mapSearch =
    overrides.mapSearch !== undefined ? overrides.mapSearch : amap ? new AMapSearchProvider(amap) : null;
  const auth = new AuthService({
    db,
    sessions,
    sms: new SmsCodeService(db, smsProvider, config.SMS_TEST_CODE),
    captchas,
    menus,
    skipAesKey: config.SKIP_AES_KEY,
    specialLoginUsers: config.specialLoginUsers,
    invitations,
  });
  return {
    config,
    database,
    storage,
    smsProvider,
    sessions,
    auth,
    captchas,
    menus,
    shell: new ShellService(db),
    files,
    feedback: new FeedbackService(db, files),
    jobs,
    userLists: new UserListService(db),
    invitations,
    quotas: new QuotaService(db),
    membership: new MembershipService(db),
    orders: new OrdersService(db),
    payments: new PaymentService(db, overrides.paymentProviders ?? loadPaymentProviders(), logger),
    areas,
    maps: new MapService(areas, mapSearch, logger),
    prices,
    weather,
    load: new LoadService(db, storage),
    projectServices: createProjectServices({
      db,
      storage,
      jobs,
      prices,
      weatherService: weather,
      storageCatalogue: devices,
    }),
    bills: new BillsService(db, storage, files, jobs),
    devices,
  };
}
