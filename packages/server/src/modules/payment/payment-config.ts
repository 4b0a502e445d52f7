import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';
import { AlipayProvider } from './providers/alipay';
import { CcbProvider } from './providers/ccb';
import type { PaymentProvider } from './providers/provider';
import { SandboxProvider } from './providers/sandbox';
import { WechatPayProvider } from './providers/wechat';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * The payment settings (environment variables; the server's main configuration does not carry them):
 *
 * | variable | meaning |
 * |---|---|
 * | PAYMENT_PROVIDER | sandbox (default), wechat, alipay or ccb: the provider of an order that names no method |
 * | PAYMENT_SANDBOX_ENABLED | keep the sandbox available next to a real provider (default: only when PAYMENT_PROVIDER=sandbox) |
 * | PAYMENT_SANDBOX_SECRET | HMAC secret of the sandbox links and notifications (default: random per process) |
 * | PAYMENT_PUBLIC_BASE_URL | our public origin for notify URLs and sandbox links (default: the request's origin) |
 * | WECHAT_PAY_APP_ID, WECHAT_PAY_MCH_ID, WECHAT_PAY_SERIAL_NO | merchant identity |
 * | WECHAT_PAY_PRIVATE_KEY | merchant API private key: PEM text (\n allowed) or a file path |
 * | WECHAT_PAY_PLATFORM_PUBLIC_KEY, WECHAT_PAY_PLATFORM_SERIAL_NO | a platform key (PEM or path) and its serial, optional with the download |
 * | WECHAT_PAY_API_V3_KEY | the 32-character API v3 key |
 * | WECHAT_PAY_BASE_URL | default https://api.mch.weixin.qq.com |
 * | WECHAT_PAY_CERT_DOWNLOAD | download and rotate the platform certificates from /v3/certificates (default true) |
 * | WECHAT_PAY_CERT_REFRESH_HOURS | how long a downloaded certificate set is used before it is fetched again (default 12) |
 * | CCB_MERCHANT_ID, CCB_POS_ID, CCB_BRANCH_ID | China Construction Bank merchant, counter and branch codes |
 * | CCB_PUBLIC_KEY | the merchant public key CCB issues (its hex text, or a file holding it) |
 * | CCB_GATEWAY_URL | default https://ibsbjstar.ccb.com.cn/CCBIS/ccbMain |
 * | ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY | app id, app private key, Alipay public key (PEM or path) |
 * | ALIPAY_GATEWAY_URL | default https://openapi.alipay.com/gateway.do |
 */
const paymentEnvSchema = z.object({
  PAYMENT_PROVIDER: z.enum(['sandbox', 'wechat', 'alipay', 'ccb']).default('sandbox'),
  PAYMENT_SANDBOX_ENABLED: flag.optional(),
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  PAYMENT_PUBLIC_BASE_URL: z.string().url().optional(),
  WECHAT_PAY_APP_ID: z.string().optional(),
  WECHAT_PAY_MCH_ID: z.string().optional(),
  WECHAT_PAY_SERIAL_NO: z.string().optional(),
  WECHAT_PAY_PRIVATE_KEY: z.string().optional(),
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WECHAT_PAY_PLATFORM_SERIAL_NO: z.string().optional(),
  WECHAT_PAY_API_V3_KEY: z.string().length(32).optional(),
  WECHAT_PAY_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
  WECHAT_PAY_CERT_DOWNLOAD: flag.optional(),
  WECHAT_PAY_CERT_REFRESH_HOURS: z.coerce.number().min(0.01).max(720).default(12),
  CCB_MERCHANT_ID: z.string().optional(),
  CCB_POS_ID: z.string().optional(),
  CCB_BRANCH_ID: z.string().optional(),
  CCB_PUBLIC_KEY: z.string().optional(),
  CCB_GATEWAY_URL: z.string().url().default('https://ibsbjstar.ccb.com.cn/CCBIS/ccbMain'),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY_URL: z.string().url().default('https://openapi.alipay.com/gateway.do'),
});

/** CCB's key text (hex) given inline or as a path to a file holding it. */
function hexKeyOf(value: string): string {
  const text = /^[0-9a-fA-F\s]+$/.test(value) ? value : fs.readFileSync(value, 'utf8');
  return text.replace(/\s+/g, '');
}

/** A PEM given inline (literal "\n" allowed) or as a path to a file holding it. */
function pemOf(value: string): string {
  const text = value.includes('-----BEGIN') ? value : fs.readFileSync(value, 'utf8');
  return text.replaceAll('\\n', '\n');
}

/** The providers in use, and which one an order without a method gets. */
export interface PaymentProviders {
  readonly defaultProvider: PaymentProvider;
  readonly byName: ReadonlyMap<string, PaymentProvider>;
  /** The sandbox, when enabled (its confirm page needs it). */
  readonly sandbox: SandboxProvider | null;
  readonly publicBaseUrl: string | null;
}

export function providersFrom(
  list: readonly PaymentProvider[],
  defaultName: string,
  publicBaseUrl: string | null = null,
): PaymentProviders {
  const byName = new Map(list.map((provider) => [provider.name, provider]));
  const defaultProvider = byName.get(defaultName as PaymentProvider['name']);
  if (!defaultProvider) throw new Error(`payment provider ${defaultName} is not configured`);
  const sandbox =
    list.find((provider): provider is SandboxProvider => provider instanceof SandboxProvider) ?? null;
  return { defaultProvider, byName, sandbox, publicBaseUrl };
}

/** Builds the providers from the environment; throws a readable error for an incomplete real provider. */
export function loadPaymentProviders(env: NodeJS.ProcessEnv = process.env): PaymentProviders {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = paymentEnvSchema.safeParse(defined);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid payment configuration: ${problems}`);
  }
  const cfg = parsed.data;
  const list: PaymentProvider[] = [];
  const sandboxEnabled = cfg.PAYMENT_SANDBOX_ENABLED ?? cfg.PAYMENT_PROVIDER === 'sandbox';
  if (sandboxEnabled)
    list.push(new SandboxProvider(cfg.PAYMENT_SANDBOX_SECRET ?? randomBytes(32).toString('hex')));
  const wechatKeys = [
    cfg.WECHAT_PAY_APP_ID,
    cfg.WECHAT_PAY_MCH_ID,
    cfg.WECHAT_PAY_SERIAL_NO,
    cfg.WECHAT_PAY_PRIVATE_KEY,
    cfg.WECHAT_PAY_API_V3_KEY,
  ];
  const downloadCertificates = cfg.WECHAT_PAY_CERT_DOWNLOAD ?? true;
  const wechatPlatform = cfg.WECHAT_PAY_PLATFORM_PUBLIC_KEY;
  if (wechatKeys.every(Boolean) && (wechatPlatform || downloadCertificates)) {
    list.push(
      new WechatPayProvider({
        appId: cfg.WECHAT_PAY_APP_ID as string,
        mchId: cfg.WECHAT_PAY_MCH_ID as string,
        merchantSerialNo: cfg.WECHAT_PAY_SERIAL_NO as string,
        merchantPrivateKey: pemOf(cfg.WECHAT_PAY_PRIVATE_KEY as string),
        platformPublicKey: wechatPlatform ? pemOf(wechatPlatform) : null,
        platformSerialNo: cfg.WECHAT_PAY_PLATFORM_SERIAL_NO,
        apiV3Key: cfg.WECHAT_PAY_API_V3_KEY as string,
        baseUrl: cfg.WECHAT_PAY_BASE_URL,
        downloadCertificates,
        certificateRefreshMs: cfg.WECHAT_PAY_CERT_REFRESH_HOURS * 3_600_000,
      }),
    );
  } else if (wechatKeys.some(Boolean) || wechatPlatform || cfg.PAYMENT_PROVIDER === 'wechat') {
    throw new Error(
      'Invalid payment configuration: WeChat Pay needs WECHAT_PAY_APP_ID, MCH_ID, SERIAL_NO, PRIVATE_KEY and ' +
        'API_V3_KEY, and a PLATFORM_PUBLIC_KEY unless WECHAT_PAY_CERT_DOWNLOAD is on',
    );
  }
  const alipayKeys = [cfg.ALIPAY_APP_ID, cfg.ALIPAY_PRIVATE_KEY, cfg.ALIPAY_PUBLIC_KEY];
  if (alipayKeys.every(Boolean)) {
    list.push(
      new AlipayProvider({
        appId: cfg.ALIPAY_APP_ID as string,
        appPrivateKey: pemOf(cfg.ALIPAY_PRIVATE_KEY as string),
        alipayPublicKey: pemOf(cfg.ALIPAY_PUBLIC_KEY as string),
        gatewayUrl: cfg.ALIPAY_GATEWAY_URL,
      }),
    );
  } else if (alipayKeys.some(Boolean) || cfg.PAYMENT_PROVIDER === 'alipay') {
    throw new Error(
      'Invalid payment configuration: Alipay needs ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY',
    );
  }
  const ccbKeys = [cfg.CCB_MERCHANT_ID, cfg.CCB_POS_ID, cfg.CCB_BRANCH_ID, cfg.CCB_PUBLIC_KEY];
  if (ccbKeys.every(Boolean)) {
    list.push(
      new CcbProvider({
        merchantId: cfg.CCB_MERCHANT_ID as string,
        posId: cfg.CCB_POS_ID as string,
        branchId: cfg.CCB_BRANCH_ID as string,
        publicKeyHex: hexKeyOf(cfg.CCB_PUBLIC_KEY as string),
        gatewayUrl: cfg.CCB_GATEWAY_URL,
      }),
    );
  } else if (ccbKeys.some(Boolean) || cfg.PAYMENT_PROVIDER === 'ccb') {
    throw new Error(
      'Invalid payment configuration: CCB needs CCB_MERCHANT_ID, CCB_POS_ID, CCB_BRANCH_ID and CCB_PUBLIC_KEY',
    );
  }
  return providersFrom(list, cfg.PAYMENT_PROVIDER, cfg.PAYMENT_PUBLIC_BASE_URL ?? null);
}
