import { POINTS_SOURCES } from '@pvplan/contract';
import type { MessageKey } from '../../locales/resources';

/** How the user's points read (spec 001 §7 account/*): pure, so they can be tested. */

/** A whole number of points with thousands grouped: 12500 -> "12,500". */
export function pointsText(points: number): string {
  return points.toLocaleString('en-US', { maximumFractionDigits: 0 });
}

/** A ledger change with its sign: 150 -> "+150", -20 -> "-20", 0 -> "0". */
export function pointsChangeText(points: number): string {
  return points > 0 ? `+${pointsText(points)}` : pointsText(points);
}

/** The label key of a ledger entry's source; a source this build does not know reads as "activity". */
export function pointsSourceKey(source: string): MessageKey {
  const known = (POINTS_SOURCES as readonly string[]).includes(source) ? source : 'activity';
  return `membership.points.source.${known as (typeof POINTS_SOURCES)[number]}`;
}
