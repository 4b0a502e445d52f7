import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { AuthService } from './modules/auth/auth.service';
import { CaptchaService } from './modules/auth/captcha.service';
import { SessionService } from './modules/auth/session.service';
import { SmsCodeService } from './modules/auth/sms-code.service';
import { FeedbackService } from './modules/feedback/feedback.service';
import { FilesService } from './modules/files/files.service';
import { InvitationService } from './modules/invitation/invitation.service';
import { JobsService } from './modules/jobs/jobs.service';
import { MenuService } from './modules/menu/menu.service';
import { ShellService } from './modules/shell/shell.service';
import { UserListService } from './modules/users/user-list.service';
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
}

export interface ServiceOverrides {
  readonly storage?: ObjectStorage;
  readonly smsProvider?: SmsProvider;
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
    jobs: new JobsService(db),
    userLists: new UserListService(db),
    invitations,
  };
}
