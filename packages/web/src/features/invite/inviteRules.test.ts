import type { InviteActivity } from '@pvplan/contract';
import { describe, expect, it } from 'vitest';
import { type Language, messages } from '../../locales/resources';
import {
  benefitTextValues,
  campaignView,
  dampedPull,
  daysLeft,
  deadlineOf,
  endDateOf,
  isBannerVisible,
  localDateOf,
  lostBenefits,
  maskPhone,
  nextPageNum,
  poolState,
  pullPhase,
} from './inviteRules';

function activity(endTime: string): InviteActivity {
  return {
    id: 1,
    name: 'demo',
    startTime: '2025-12-01T00:00:00.000Z',
    endTime,
    rewardMemberDays: 2,
    rewardAreaWanM2: 1,
    rewardCapacityMw: 0,
    maxMemberDays: 190,
    maxAreaWanM2: 55,
    maxCapacityMw: null,
  };
}

describe('days left (calendar days, hand-counted)', () => {
  it('counts from today to the end day', () => {
    // December has 31 days: 1 Dec -> 31 Dec is 30 days (the spec's 30-day countdown).
    expect(daysLeft('2025-12-01', '2025-12-31')).toBe(30);
    // Across a month and a leap day: 2028-02-27 -> 2028-03-01 = 28th, 29th, 1st = 3 days.
    expect(daysLeft('2028-02-27', '2028-03-01')).toBe(3);
    expect(daysLeft('2025-12-31', '2025-12-31')).toBe(0);
  });

  it('never goes below 0 after the end', () => {
    expect(daysLeft('2026-01-05', '2025-12-31')).toBe(0);
  });
});

describe('lost benefits (spec 000 §9: 130 days + 2 per remaining day; 25 万m² + 1 per remaining day)', () => {
  it('is 190 days and 55 万m² with 30 days left', () => {
    // 130 + 2 x 30 = 190 and 25 + 1 x 30 = 55 (the spec's "up to 190 days", "55 万m²").
    expect(lostBenefits(30)).toEqual({ memberDays: 190, areaWanM2: 55 });
  });

  it('is the base with no day left and floors partial days', () => {
    expect(lostBenefits(0)).toEqual({ memberDays: 130, areaWanM2: 25 });
    expect(lostBenefits(-3)).toEqual({ memberDays: 130, areaWanM2: 25 });
    // 7.9 days -> 7: 130 + 14 = 144, 25 + 7 = 32.
    expect(lostBenefits(7.9)).toEqual({ memberDays: 144, areaWanM2: 32 });
  });
});

describe('banner visibility (spec 000 §4: while today is not after the end date plus one day)', () => {
  it('shows through the day after the end, then hides', () => {
    expect(isBannerVisible('2025-12-30', '2025-12-31')).toBe(true);
    expect(isBannerVisible('2025-12-31', '2025-12-31')).toBe(true);
    expect(isBannerVisible('2026-01-01', '2025-12-31')).toBe(true);
    expect(isBannerVisible('2026-01-02', '2025-12-31')).toBe(false);
  });

  it('hides without a readable end date', () => {
    expect(isBannerVisible('2025-12-01', null)).toBe(false);
  });
});

describe('phone mask (spec 000 §9: first 3 and last 4 visible)', () => {
  it('masks an 11-digit mobile number', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
  });

  it('is idempotent on an already masked number and safe on odd values', () => {
    expect(maskPhone('138****5678')).toBe('138****5678');
    expect(maskPhone('12345678')).toBe('123*5678');
    expect(maskPhone('12345')).toBe('123**');
    expect(maskPhone('123')).toBe('***');
    expect(maskPhone(null)).toBe('');
  });
});

describe('end date and deadline', () => {
  it('takes a bare date or a zone-less time as written', () => {
    expect(endDateOf('2025-12-31')).toBe('2025-12-31');
    expect(endDateOf('2025-12-31 23:59:59')).toBe('2025-12-31');
    expect(endDateOf('not a date')).toBeNull();
    expect(endDateOf(undefined)).toBeNull();
  });

  it('reads a zoned ISO time in the local time zone', () => {
    // Built from local components, so the expectation holds in any time zone.
    const localEvening = new Date(2025, 11, 31, 22, 30);
    expect(endDateOf(localEvening.toISOString())).toBe('2025-12-31');
    expect(localDateOf(new Date(2026, 0, 5, 0, 0))).toBe('2026-01-05');
  });

  it('uses data[0].endTime, else the default deadline 2025-12-31', () => {
    expect(deadlineOf([activity('2026-12-20'), activity('2026-01-01')])).toBe('2026-12-20');
    expect(deadlineOf([])).toBe('2025-12-31');
    expect(deadlineOf(undefined)).toBe('2025-12-31');
  });

  it('puts it together for the banner and the title', () => {
    expect(campaignView([activity('2026-12-21')], '2026-11-21')).toEqual({
      deadline: '2026-12-21',
      daysLeft: 30,
      lostMemberDays: 190,
      lostAreaWanM2: 55,
      bannerVisible: true,
      ended: false,
    });
    // The day after the end: still shown, as ended, with the base lost benefits.
    expect(campaignView([activity('2026-12-21')], '2026-12-22')).toMatchObject({
      daysLeft: 0,
      lostMemberDays: 130,
      bannerVisible: true,
      ended: true,
    });
    expect(campaignView([], '2026-11-21')).toMatchObject({
      deadline: '2025-12-31',
      bannerVisible: false,
      ended: true,
    });
  });
});

describe('mobile list paging and pull-to-refresh', () => {
  it('asks for the next page until every row is loaded', () => {
    const ten = Array.from({ length: 10 }, (_, i) => i);
    expect(nextPageNum([{ list: ten, total: 25 }])).toBe(2);
    expect(
      nextPageNum([
        { list: ten, total: 25 },
        { list: ten, total: 25 },
      ]),
    ).toBe(3);
    expect(
      nextPageNum([
        { list: ten, total: 25 },
        { list: ten, total: 25 },
        { list: [1, 2, 3, 4, 5], total: 25 },
      ]),
    ).toBeUndefined();
    expect(nextPageNum([{ list: [], total: 0 }])).toBeUndefined();
    // Rows deleted meanwhile: an empty page ends loading even if total says more.
    expect(
      nextPageNum([
        { list: ten, total: 30 },
        { list: [], total: 30 },
      ]),
    ).toBeUndefined();
  });

  it('damps the pull to half the finger movement, capped at 80 px, and releases from 50 px', () => {
    expect(dampedPull(60)).toBe(30);
    expect(dampedPull(400)).toBe(80);
    expect(dampedPull(-20)).toBe(0);
    expect(pullPhase(0, false)).toBe('idle');
    expect(pullPhase(30, false)).toBe('pull');
    expect(pullPhase(50, false)).toBe('release');
    expect(pullPhase(0, true)).toBe('refreshing');
  });
});

describe('the 2-day pool (spec 000 §9)', () => {
  const pool = {
    memberDays: 2,
    windowHours: 48,
    joinedAt: '2026-03-10T08:00:00.000Z',
    deadline: '2026-03-12T08:00:00.000Z',
    claimed: false,
  };

  it('is open until the deadline (inclusive), then missed; claimed wins', () => {
    expect(poolState(pool, Date.parse('2026-03-12T08:00:00.000Z'))).toBe('open');
    expect(poolState(pool, Date.parse('2026-03-12T08:00:00.001Z'))).toBe('missed');
    expect(poolState({ ...pool, claimed: true }, Date.parse('2026-03-20T00:00:00.000Z'))).toBe('claimed');
  });
});

/** The catalogue's own wording with i18next's {{name}} interpolation, as the app renders it. */
function render(
  language: Language,
  key: 'invite.dialog.lostBenefits' | 'invite.dialog.rewardRule',
  values: object,
) {
  return messages[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String((values as Record<string, unknown>)[name] ?? `{{${name}}}`),
  );
}

describe('invite texts state the survey area in the language’s unit', () => {
  it('keeps 万m² in Chinese', () => {
    const values = benefitTextValues(lostBenefits(30), 'zh-CN');
    expect(values).toEqual({ memberDays: 190, area: '55' });
    expect(render('zh-CN', 'invite.dialog.lostBenefits', values)).toBe(
      '不参与将失去：会员190天 + 勘测面积55万m²',
    );
  });

  it('says square metres with thousands separators in English (1 万m² = 10,000 m²)', () => {
    const values = benefitTextValues(lostBenefits(30), 'en');
    expect(values).toEqual({ memberDays: 190, area: '550,000' });
    expect(render('en', 'invite.dialog.lostBenefits', values)).toBe(
      'Not taking part loses 190 membership days + 550,000 m² of survey area',
    );
    expect(
      render('en', 'invite.dialog.rewardRule', benefitTextValues({ memberDays: 2, areaWanM2: 1.5 }, 'en')),
    ).toBe(
      'Each friend who signs up earns you 2 membership days and 15,000 m² of survey area, credited to your account automatically.',
    );
  });
});
