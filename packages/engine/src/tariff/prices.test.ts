import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../errors.js';
import { HUBEI_AGENCY_PRICES_2026_01 } from './examples.js';
import { COAL_BENCHMARK_PRICES, coalBenchmarkPriceYuanPerKwh } from './feedIn.js';
import { selectTariffPrices, validateTariffPrices } from './prices.js';
import type { TariffPrices } from './types.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof EngineInputError ? e.code : 'other';
  }
  return undefined;
}

describe('selectTariffPrices', () => {
  it('picks the Hubei Jan 2026 two-part 1–10 kV row (values as in china-domain.md Example B)', () => {
    const p = selectTariffPrices(HUBEI_AGENCY_PRICES_2026_01, 'large_industry', 'kv1_10');
    expect(p.energyYuanPerKwh).toEqual({ sharp: 1.049999, peak: 0.848961, flat: 0.651886, valley: 0.432924 });
    expect(p.demandYuanPerKwMonth).toBe(42);
    expect(p.capacityYuanPerKvaMonth).toBe(26.3);
    expect(p.fundsYuanPerKwh).toBe(0.0452);
    expect(p.fundsIncludedInEnergyPrices).toBe(true);
    const s = selectTariffPrices(HUBEI_AGENCY_PRICES_2026_01, 'general_ci', 'below_1kv');
    expect(s.energyYuanPerKwh.flat).toBe(0.735686);
    expect(s.demandYuanPerKwMonth).toBeUndefined();
  });

  it('the transcribed two-part rows obey the official decomposition', () => {
    // Independent check of the transcription (china-domain.md §1.1): price = k × (agency 0.384470 +
    // line loss 0.013643) + (T&D energy + system operation 0.082273 + funds 0.0452), with k = 2.0 sharp,
    // 1.0 flat, 0.45 valley; T&D energy per row from the same table. Exact to the 6 published decimals.
    const base = 0.38447 + 0.013643;
    const td: Record<string, number> = { kv1_10: 0.1263, kv35: 0.1065, kv110: 0.0884, kv220_plus: 0.0694 };
    for (const row of HUBEI_AGENCY_PRICES_2026_01.rows.filter((r) => r.userCategory === 'large_industry')) {
      const fixed = td[row.voltageLevel]! + 0.082273 + 0.0452;
      expect(row.energyYuanPerKwh.sharp).toBeCloseTo(2 * base + fixed, 6);
      expect(row.energyYuanPerKwh.flat).toBeCloseTo(base + fixed, 6);
      expect(row.energyYuanPerKwh.valley).toBeCloseTo(0.45 * base + fixed, 6);
    }
  });

  it('fails with TARIFF_INVALID for a missing row', () => {
    expect(codeOf(() => selectTariffPrices(HUBEI_AGENCY_PRICES_2026_01, 'general_ci', 'kv110'))).toBe(
      'TARIFF_INVALID',
    );
  });
});

describe('validateTariffPrices', () => {
  const ok: TariffPrices = {
    energyYuanPerKwh: { peak: 1, flat: 0.7, valley: 0.3 },
    fundsYuanPerKwh: 0.03,
    fundsIncludedInEnergyPrices: false,
  };
  it('accepts good prices and rejects negative, non-finite and unknown-period prices', () => {
    expect(codeOf(() => validateTariffPrices(ok))).toBeUndefined();
    expect(codeOf(() => validateTariffPrices({ ...ok, energyYuanPerKwh: { flat: -0.1 } }))).toBe(
      'TARIFF_INVALID',
    );
    expect(() => validateTariffPrices({ ...ok, energyYuanPerKwh: { flat: -0.1 } })).toThrow(
      /energyYuanPerKwh.flat/,
    );
    expect(codeOf(() => validateTariffPrices({ ...ok, energyYuanPerKwh: { flat: Number.NaN } }))).toBe(
      'TARIFF_INVALID',
    );
    expect(
      codeOf(() =>
        validateTariffPrices({ ...ok, energyYuanPerKwh: { superPeak: 2 } as unknown as { flat: number } }),
      ),
    ).toBe('TARIFF_INVALID');
    expect(codeOf(() => validateTariffPrices({ ...ok, fundsYuanPerKwh: -0.01 }))).toBe('TARIFF_INVALID');
    expect(codeOf(() => validateTariffPrices({ ...ok, demandYuanPerKwMonth: -1 }))).toBe('TARIFF_INVALID');
    expect(
      codeOf(() => validateTariffPrices({ ...ok, energyYuanPerKwhByMonth: [ok.energyYuanPerKwh] })),
    ).toBe('TARIFF_INVALID');
  });
});

describe('coal benchmark prices (燃煤发电基准价)', () => {
  it('covers all 31 provincial units, with Hebei and Inner Mongolia split (33 areas)', () => {
    const entries = Object.values(COAL_BENCHMARK_PRICES);
    expect(entries.length).toBe(33);
    expect(new Set(entries.map((e) => e.adminCode)).size).toBe(31);
    for (const e of entries) {
      expect(e.priceYuanPerKwh).toBeGreaterThan(0.24);
      expect(e.priceYuanPerKwh).toBeLessThan(0.5);
    }
  });

  it('matches values confirmed by 136-era documents (china-domain.md F 27, 28, 33)', () => {
    expect(coalBenchmarkPriceYuanPerKwh('gansu')).toBe(0.3078); // Gansu stock mechanism price
    expect(coalBenchmarkPriceYuanPerKwh('hebei_south')).toBe(0.3644); // Hebei South
    expect(coalBenchmarkPriceYuanPerKwh('guangdong')).toBe(0.453); // Guangdong 2026 report
    expect(coalBenchmarkPriceYuanPerKwh('tianjin')).toBe(0.3655); // Tianjin 2026 report
    expect(COAL_BENCHMARK_PRICES.tibet.verified).toBe(false);
    expect(codeOf(() => coalBenchmarkPriceYuanPerKwh('taiwan' as 'beijing'))).toBe('TARIFF_INVALID');
  });
});
