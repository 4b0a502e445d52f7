/** Current time as the ISO-8601 UTC string the database stores. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

export function isoAfter(milliseconds: number, from: Date = new Date()): string {
  return new Date(from.getTime() + milliseconds).toISOString();
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
