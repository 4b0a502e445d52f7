import {
  bindProjectBody,
  captchaLoginBody,
  checkTokenQuery,
  ERRORS,
  formatMessage,
  type LoginResult,
  loginForPowmartBody,
  loginForPowmartQuery,
  putPasswordBody,
  resetPasswordBody,
  sendSmsQuery,
  skipLoginQuery,
  smsCodeBody,
  smsLoginBody,
  specialLoginBody,
  updatePasswordBody,
  userInfoQuery,
} from '@pvplan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { ESTIMATE_TOOLS } from '../../http/paths';
import { principalOf, tokenOf } from '../../http/request-context';
import type { SessionOrigin } from './session.service';

function originOf(request: FastifyRequest): SessionOrigin & { ip: string } {
  return { userAgent: request.headers['user-agent'] ?? null, ip: request.ip };
}

/** The login answer: the envelope plus token and appCode at the top level, as the spec's client reads it. */
function loginAnswer(language: 'zh-CN' | 'en', result: LoginResult) {
  return { ...ok(language, result, 'ok.login'), token: result.token, appCode: result.appCode };
}

/** Accounts and sessions: spec 000 §7 "Login and account" and the estimate-tools login calls. */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth, captchas, sessions } = app.services;
  const tags = ['auth'];

  app.post(
    '/user/loginForPowmart',
    {
      schema: {
        tags,
        summary: 'Password login',
        body: loginForPowmartBody,
        querystring: loginForPowmartQuery,
      },
    },
    async (request) => {
      const username = request.body?.username ?? request.query.username;
      const password = request.body?.password ?? request.query.password;
      if (!username || !password) throw new AppError('ERR_AUTH_BAD_CREDENTIALS');
      const result = await auth.passwordLogin({ username, password }, originOf(request));
      return loginAnswer(request.ctx.language, result);
    },
  );

  app.post(
    '/user/loginForSpecialUser',
    { schema: { tags, summary: 'Alternative login for special usernames', body: specialLoginBody } },
    async (request, reply) => {
      try {
        const result = await auth.specialLogin(request.body, originOf(request));
        return {
          resultCode: 200,
          resultData: {
            resultCode: 200,
            appCode: result.appCode,
            token: result.token,
            userId: result.userId,
            userLevel: result.user.tier,
            userName: result.user.user_name,
            login: result.user.login_no,
            message: formatMessage(request.ctx.language, 'ok.login'),
          },
        };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const message = formatMessage(request.ctx.language, ERRORS[error.errorName].key);
        reply.status(error.status);
        return { resultCode: 400, resultData: { resultCode: 400, message }, msg: message, code: 400 };
      }
    },
  );

  app.post(
    '/usercenter/user/login',
    { schema: { tags, summary: 'Login with captcha', body: captchaLoginBody } },
    async (request) =>
      loginAnswer(request.ctx.language, await auth.captchaLogin(request.body, originOf(request))),
  );

  app.get('/usercenter/user/captchaImage', { schema: { tags, summary: 'Image captcha' } }, async (request) =>
    ok(request.ctx.language, await captchas.create()),
  );

  app.get(
    '/oauth/check_token',
    { schema: { tags, summary: 'Token check', querystring: checkTokenQuery } },
    async (request) => {
      const principal = await sessions.authenticate(request.query.token);
      return ok(request.ctx.language, {
        active: true,
        userId: principal.user.id,
        userName: principal.user.user_name,
        appCode: principal.appCode,
        expiresAt: principal.session.expires_at,
      });
    },
  );

  app.get(
    '/usercenter/user/getInfo',
    { schema: { tags, summary: 'Current user' }, preHandler: app.authenticate },
    async (request) => ok(request.ctx.language, await auth.userInfo(principalOf(request))),
  );

  app.get(
    `${ESTIMATE_TOOLS}/login/getUserInfo`,
    {
      schema: { tags, summary: 'Current user (external users)', querystring: userInfoQuery },
      preHandler: app.authenticate,
    },
    async (request) => ok(request.ctx.language, await auth.userInfo(principalOf(request))),
  );

  app.get(
    '/user/logOut',
    { schema: { tags, summary: 'Logout' }, preHandler: app.authenticate },
    async (request) => {
      await auth.logout(tokenOf(request));
      return ok(request.ctx.language, null, 'ok.logout');
    },
  );

  app.get(
    '/usercenter/user/sendSms',
    { schema: { tags, summary: 'Send an SMS code', querystring: sendSmsQuery } },
    async (request) => {
      await auth.sendSmsCode(request.query.phone, originOf(request), request.ctx.language);
      return ok(request.ctx.language, null, 'ok.smsSent');
    },
  );

  app.post(
    `${ESTIMATE_TOOLS}/login/getSmsCode`,
    { schema: { tags, summary: 'Send an SMS code', body: smsCodeBody } },
    async (request) => {
      await auth.sendSmsCode(request.body.phone, originOf(request), request.ctx.language);
      return ok(request.ctx.language, null, 'ok.smsSent');
    },
  );

  app.post(
    `${ESTIMATE_TOOLS}/login/smsCodeLogin`,
    { schema: { tags, summary: 'SMS login; registers a new external user', body: smsLoginBody } },
    async (request) => {
      const result = await auth.smsLogin(request.body, originOf(request));
      return loginAnswer(request.ctx.language, result);
    },
  );

  app.post(
    '/usercenter/user/resetPasswd',
    { schema: { tags, summary: 'Reset a forgotten password', body: resetPasswordBody } },
    async (request) => {
      await auth.resetPassword(request.body);
      return ok(request.ctx.language, null, 'ok.passwordChanged');
    },
  );

  app.post(
    '/usercenter/user/updatePassword',
    {
      schema: { tags, summary: 'Change own password', body: updatePasswordBody },
      preHandler: app.authenticate,
    },
    async (request) => {
      await auth.changePassword(principalOf(request), request.body);
      return ok(request.ctx.language, null, 'ok.passwordChanged');
    },
  );

  app.put(
    '/usercenter/user/putPassword',
    {
      schema: { tags, summary: 'Set a password (base64)', body: putPasswordBody },
      preHandler: app.authenticate,
    },
    async (request) => {
      await auth.putPassword(principalOf(request), request.body.id, request.body.password);
      return ok(request.ctx.language, null, 'ok.passwordChanged');
    },
  );

  app.get(
    '/usercenter/user/skipLogin',
    { schema: { tags, summary: 'Jump-in from another platform', querystring: skipLoginQuery } },
    async (request) => {
      const result = await auth.skipLogin(request.query.skip, originOf(request));
      return { ...loginAnswer(request.ctx.language, result), isJump: true };
    },
  );

  app.post(
    '/usercenter/user/bindProject',
    {
      schema: { tags, summary: 'Bind a project id to the session', body: bindProjectBody },
      preHandler: app.authenticate,
    },
    async (request) => {
      await sessions.bindProject(tokenOf(request), request.body.projectId);
      return ok(request.ctx.language, { projectId: request.body.projectId });
    },
  );
}
