import { QR_VALIDITY_SECONDS } from '@pvplan/contract';

/**
 * The QR payment countdown (spec 001 §4, §9): 600 s from the moment the QR order was created,
 * restarted whenever the payment parameters change. Pure: the component passes the clock in.
 */

/**
 * Whole seconds left, never below 0 (rounded up, so "1 s left" shows until the last moment) and never
 * above the total (a clock read just before the order's start must not show 10:01).
 */
export function secondsLeft(startedAtMs: number, nowMs: number, totalSeconds = QR_VALIDITY_SECONDS): number {
  const left = totalSeconds - (nowMs - startedAtMs) / 1000;
  return left <= 0 ? 0 : Math.min(totalSeconds, Math.ceil(left - 1e-9));
}

/** mm:ss, e.g. 600 -> "10:00", 61 -> "01:01". */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** The key of the payment parameters: a new key restarts the order and the countdown. */
export function paymentKey(
  params: { vipId: number; priceFen: number; userId: number } | null,
  round = 0,
): string {
  return params ? `${params.userId}:${params.vipId}:${params.priceFen}:${round}` : '';
}

/** The payment status answer "1" means paid (spec 001 §4). */
export function isPaid(status: unknown): boolean {
  return status === '1' || status === 1;
}
