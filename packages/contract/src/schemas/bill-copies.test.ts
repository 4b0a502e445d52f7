import { describe, expect, it } from 'vitest';
import { type BillCopyIdentity, oneBillPerAccountMonth } from './bills';

const bill = (
  name: string,
  accountNo: string | null,
  billMonth: string | null,
  state: BillCopyIdentity['state'],
  updateTime: string,
) => ({ name, identity: { accountNo, billMonth, state, updateTime } });

describe('oneBillPerAccountMonth', () => {
  it('keeps one copy per account and month: confirmed first, then the latest updated; order kept', () => {
    const bills = [
      bill('a-aug-old', '051', '2026-08', 'toReview', '2026-11-01T00:00:00Z'),
      bill('b-aug', '052', '2026-08', 'toReview', '2026-11-01T00:00:00Z'),
      bill('a-aug-confirmed', '051', '2026-08', 'confirmed', '2026-10-01T00:00:00Z'),
      bill('a-aug-new', '051', '2026-08', 'toReview', '2026-11-05T00:00:00Z'),
      bill('a-sep-new', '051', '2026-09', 'toReview', '2026-11-05T00:00:00Z'),
      bill('a-sep-old', '051 ', '2026-09', 'toReview', '2026-11-04T00:00:00Z'),
      bill('no-account-1', null, '2026-08', 'toReview', '2026-11-01T00:00:00Z'),
      bill('no-account-2', '', '2026-08', 'toReview', '2026-11-01T00:00:00Z'),
      bill('no-month', '051', null, 'toReview', '2026-11-01T00:00:00Z'),
    ];
    expect(oneBillPerAccountMonth(bills, (b) => b.identity).map((b) => b.name)).toEqual([
      'b-aug',
      'a-aug-confirmed',
      'a-sep-new',
      'no-account-1',
      'no-account-2',
      'no-month',
    ]);
  });
});
