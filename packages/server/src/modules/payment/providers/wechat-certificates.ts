import { createDecipheriv, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import { NotificationRejected, ProviderError } from './provider';

/** Where WeChat Pay API v3 lists the platform certificates in force. */
export const WECHAT_CERTIFICATES_PATH = '/v3/certificates';

/** At most this many downloads forced by unknown serials per minRefreshGapMs. */
export const MAX_FORCED_DOWNLOADS = 3;

/** One platform key WeChat Pay may sign with, by its serial number. */
export interface PlatformKey {
  readonly serial: string;
  readonly key: KeyObject;
  /** Epoch ms after which the key is no longer trusted; null for a configured key without end. */
  readonly expiresAtMs: number | null;
  readonly source: 'configured' | 'downloaded';
}

/** An AEAD_AES_256_GCM resource of API v3 (notification resources and encrypted certificates alike). */
export interface WechatEncryptedResource {
  readonly ciphertext: string;
  readonly nonce: string;
  readonly associated_data?: string;
}

/**
 * Decrypts an API v3 resource: AES-256-GCM under the API v3 key, the last 16 bytes of the
 * ciphertext are the tag. Throws NotificationRejected when it does not authenticate.
 */
export function decryptWechatResource(apiV3Key: string, resource: WechatEncryptedResource): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new NotificationRejected('resource ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new NotificationRejected('resource does not decrypt under the API v3 key');
  }
}

/** Serial numbers compare as WeChat Pay prints them: upper-case hex without leading zeros. */
export function normaliseSerial(serial: string): string {
  return serial
    .trim()
    .toUpperCase()
    .replace(/^0+(?=.)/, '');
}

/** The GET /v3/certificates answer as it arrived (the store verifies it). */
export interface CertificatesAnswer {
  readonly status: number;
  readonly text: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface PlatformCertificatesOptions {
  /** A platform public key (or certificate) given in the configuration, and its serial if known. */
  readonly configured?: { readonly pem: string; readonly serial?: string } | null;
  readonly apiV3Key: string;
  /** Sends the merchant-signed GET /v3/certificates; null disables downloading. */
  readonly download: (() => Promise<CertificatesAnswer>) | null;
  /** Verifies an answer's Wechatpay-* signature headers with a given key. */
  readonly verifyWith: (headers: Readonly<Record<string, string>>, body: string, key: KeyObject) => boolean;
  /** How long a downloaded set is used before it is fetched again (WeChat Pay advises hours, not days). */
  readonly refreshIntervalMs: number;
  /**
   * Downloads forced by unknown serials are limited: one serial triggers at most one download per
   * this time, and all serials together at most MAX_FORCED_DOWNLOADS (a flood of forged serials
   * must not turn into a flood of requests to WeChat Pay).
   */
  readonly minRefreshGapMs: number;
  readonly now: () => number;
}

interface ListedCertificate {
  readonly serial_no?: unknown;
  readonly effective_time?: unknown;
  readonly expire_time?: unknown;
  readonly encrypt_certificate?: {
    readonly algorithm?: unknown;
    readonly nonce?: unknown;
    readonly associated_data?: unknown;
    readonly ciphertext?: unknown;
  };
}

/**
 * The WeChat Pay platform keys, by serial number. WeChat Pay rotates its platform certificates:
 * a new one is listed at /v3/certificates before the old one expires, and answers and notifications
 * name in Wechatpay-Serial the certificate they were signed with. This store
 * - keeps a configured key (WECHAT_PAY_PLATFORM_PUBLIC_KEY, e.g. the newer "WeChat Pay public key"),
 * - downloads the listed certificates (merchant-signed GET), decrypts each with the API v3 key
 *   (AEAD_AES_256_GCM, which also proves it came from WeChat Pay), checks that the certificate's
 *   serial is the listed one, and trusts the download only if the answer's own signature verifies
 *   under one of the keys it lists (or one already trusted),
 * - refreshes the set when it is older than refreshIntervalMs (in the background, the current set
 *   serving meanwhile) and at once when a message names a serial it does not know (rate-limited per
 *   serial and overall, see minRefreshGapMs), and drops expired certificates.
 */
export class WechatPlatformCertificates {
  private readonly keys = new Map<string, PlatformKey>();
  /** A configured key without serial answers for any serial (the behaviour before rotation). */
  private readonly wildcard: KeyObject | null = null;
  private downloadedAtMs = 0;
  private lastAttemptMs = Number.NEGATIVE_INFINITY;
  private inFlight: Promise<void> | null = null;
  /** When each unknown serial last forced a download, and when the recent forced downloads were. */
  private readonly triedSerials = new Map<string, number>();
  private forcedAtMs: number[] = [];

  constructor(private readonly options: PlatformCertificatesOptions) {
    const configured = options.configured;
    if (configured) {
      const key = createPublicKey(configured.pem);
      if (configured.serial) {
        const serial = normaliseSerial(configured.serial);
        this.keys.set(serial, { serial, key, expiresAtMs: null, source: 'configured' });
      } else {
        this.wildcard = key;
      }
    }
  }

  /** The serials trusted now (expired ones left out), for logs and tests. */
  serials(): string[] {
    const now = this.options.now();
    return [...this.keys.values()]
      .filter((entry) => entry.expiresAtMs === null || entry.expiresAtMs > now)
      .map((entry) => entry.serial)
      .sort();
  }

  private live(serial: string): PlatformKey | null {
    const entry = this.keys.get(normaliseSerial(serial));
    if (!entry) return null;
    if (entry.expiresAtMs !== null && entry.expiresAtMs <= this.options.now()) return null;
    return entry;
  }

  /**
   * The key for a message's Wechatpay-Serial: a known one (refreshing a stale set in the
   * background), else after a download, else the configured key without serial, else null.
   */
  async keyFor(serial: string | null): Promise<KeyObject | null> {
    if (serial) {
      const known = this.live(serial);
      if (known) {
        if (known.source === 'downloaded' && this.isStale()) this.refreshInBackground();
        return known.key;
      }
      if (this.options.download && this.mayForce(normaliseSerial(serial))) {
        await this.refreshQuietly();
        const fetched = this.live(serial);
        if (fetched) return fetched.key;
      }
    }
    return this.wildcard;
  }

  private isStale(): boolean {
    return this.options.now() - this.downloadedAtMs > this.options.refreshIntervalMs;
  }

  /** Whether an unknown serial may force a download now (and books it if so). */
  private mayForce(serial: string): boolean {
    const now = this.options.now();
    const gap = this.options.minRefreshGapMs;
    if (now - (this.triedSerials.get(serial) ?? Number.NEGATIVE_INFINITY) < gap) return false;
    this.forcedAtMs = this.forcedAtMs.filter((at) => now - at < gap);
    if (this.forcedAtMs.length >= MAX_FORCED_DOWNLOADS) return false;
    this.forcedAtMs.push(now);
    this.triedSerials.set(serial, now);
    if (this.triedSerials.size > 1000) this.triedSerials.clear();
    return true;
  }

  private refreshInBackground(): void {
    if (this.inFlight || this.options.now() - this.lastAttemptMs < this.options.minRefreshGapMs) return;
    void this.refreshQuietly();
  }

  private async refreshQuietly(): Promise<void> {
    try {
      await this.refresh();
    } catch {
      // A failed download leaves the trusted set as it was: the current keys keep serving, and a
      // message under an unknown serial finds no key and is refused.
    }
  }

  /** Downloads and installs the listed certificates now (single flight). Throws ProviderError on failure. */
  refresh(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    this.inFlight = this.download().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async download(): Promise<void> {
    const download = this.options.download;
    if (!download) throw new ProviderError('WeChat Pay certificate download is off');
    this.lastAttemptMs = this.options.now();
    const answer = await download();
    if (answer.status !== 200) {
      throw new ProviderError(`WeChat Pay certificates: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    let listed: ListedCertificate[];
    try {
      const parsed = JSON.parse(answer.text) as { data?: unknown };
      if (!Array.isArray(parsed.data)) throw new Error('no data');
      listed = parsed.data as ListedCertificate[];
    } catch {
      throw new ProviderError('WeChat Pay certificates answer is not the expected JSON');
    }
    const now = this.options.now();
    const fresh = new Map<string, PlatformKey>();
    for (const item of listed) {
      const entry = this.certificateOf(item, now);
      if (entry) fresh.set(entry.serial, entry);
    }
    if (fresh.size === 0) throw new ProviderError('WeChat Pay listed no usable platform certificate');
    const signer = normaliseSerial(answer.headers['wechatpay-serial'] ?? '');
    const signerKey = fresh.get(signer)?.key ?? this.live(signer)?.key ?? null;
    if (!signerKey || !this.options.verifyWith(answer.headers, answer.text, signerKey)) {
      throw new ProviderError('WeChat Pay certificates answer failed signature verification');
    }
    for (const [serial, entry] of this.keys) {
      const expired = entry.expiresAtMs !== null && entry.expiresAtMs <= now;
      if (entry.source === 'downloaded' && (expired || !fresh.has(serial))) this.keys.delete(serial);
    }
    for (const [serial, entry] of fresh) {
      if (this.keys.get(serial)?.source !== 'configured') this.keys.set(serial, entry);
    }
    this.downloadedAtMs = now;
  }

  /** One listed certificate decrypted and checked; null when it cannot be trusted or has expired. */
  private certificateOf(item: ListedCertificate, now: number): PlatformKey | null {
    const encrypted = item.encrypt_certificate;
    if (
      typeof item.serial_no !== 'string' ||
      typeof encrypted?.ciphertext !== 'string' ||
      typeof encrypted.nonce !== 'string'
    ) {
      return null;
    }
    let certificate: X509Certificate;
    try {
      const pem = decryptWechatResource(this.options.apiV3Key, {
        ciphertext: encrypted.ciphertext,
        nonce: encrypted.nonce,
        associated_data: typeof encrypted.associated_data === 'string' ? encrypted.associated_data : '',
      });
      certificate = new X509Certificate(pem);
    } catch {
      return null;
    }
    const serial = normaliseSerial(item.serial_no);
    if (normaliseSerial(certificate.serialNumber) !== serial) return null;
    const listedEnd = typeof item.expire_time === 'string' ? Date.parse(item.expire_time) : Number.NaN;
    const certificateEnd = Date.parse(certificate.validTo);
    const ends = [listedEnd, certificateEnd].filter((value) => Number.isFinite(value));
    const expiresAtMs = ends.length > 0 ? Math.min(...ends) : null;
    if (expiresAtMs !== null && expiresAtMs <= now) return null;
    return { serial, key: certificate.publicKey, expiresAtMs, source: 'downloaded' };
  }
}
