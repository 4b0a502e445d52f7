/**
 * Investment (capex) from a unit price or an itemised quotation. Chinese quotations are
 * VAT-inclusive (含税); the deductible input VAT of each line is amount × r / (1 + r).
 */
import { EngineInputError } from '../errors.js';

/** One line of an itemised quotation (报价清单). */
export interface QuotationItem {
  readonly name: string;
  /** VAT-inclusive amount, yuan. */
  readonly amountYuan: number;
  /** VAT rate of the line, fraction: 0.13 equipment, 0.09 construction/installation, 0.06 design and services. */
  readonly vatRate: number;
}

/** PV capex as a VAT-inclusive price per watt-peak. */
export interface CapexPerWatt {
  readonly kind: 'yuanPerW';
  readonly yuanPerW: number;
  /** Blended deductible VAT rate of the price (default 0.13: treats the whole EPC as equipment). */
  readonly vatRate?: number;
}

/** Storage capex as a VAT-inclusive price per watt-hour of nominal energy. */
export interface CapexPerWattHour {
  readonly kind: 'yuanPerWh';
  readonly yuanPerWh: number;
  /** Blended deductible VAT rate (default 0.13). */
  readonly vatRate?: number;
}

/** Capex from an itemised quotation; the size of the asset does not scale it. */
export interface CapexQuotation {
  readonly kind: 'quotation';
  readonly items: readonly QuotationItem[];
}

export type PvCapexSpec = CapexPerWatt | CapexQuotation;
export type StorageCapexSpec = CapexPerWattHour | CapexQuotation;

/** Capex split into what is paid, what VAT is deductible and what is depreciated. */
export interface CapexTotals {
  /** Paid, VAT included, yuan. */
  readonly grossYuan: number;
  /** Deductible input VAT, yuan. */
  readonly inputVatYuan: number;
  /** grossYuan − inputVatYuan: the depreciable original value, yuan. */
  readonly netYuan: number;
}

/** Default blended VAT rate on a unit-price capex (equipment rate, 13 %). */
export const DEFAULT_CAPEX_VAT_RATE = 0.13;

function checkVat(rate: number, what: string): void {
  if (!(rate >= 0 && rate < 1))
    throw new EngineInputError('ECONOMICS_INVALID', `${what}: VAT rate must be in [0, 1)`);
}

/** VAT-inclusive amount → totals at one VAT rate. */
export function capexFromGross(grossYuan: number, vatRate: number): CapexTotals {
  checkVat(vatRate, 'capex');
  if (!(grossYuan >= 0) || !Number.isFinite(grossYuan)) {
    throw new EngineInputError('ECONOMICS_INVALID', `capex must be ≥ 0, got ${grossYuan}`);
  }
  const inputVatYuan = (grossYuan * vatRate) / (1 + vatRate);
  return { grossYuan, inputVatYuan, netYuan: grossYuan - inputVatYuan };
}

/** Totals of an itemised quotation (each line at its own VAT rate). */
export function capexFromQuotation(items: readonly QuotationItem[]): CapexTotals {
  let grossYuan = 0;
  let inputVatYuan = 0;
  for (const it of items) {
    const c = capexFromGross(it.amountYuan, it.vatRate);
    grossYuan += c.grossYuan;
    inputVatYuan += c.inputVatYuan;
  }
  return { grossYuan, inputVatYuan, netYuan: grossYuan - inputVatYuan };
}

/**
 * Capex totals of a PV or storage asset.
 * @param spec unit price or quotation
 * @param size capacity in kWp for `yuanPerW`, energy in kWh for `yuanPerWh` (ignored for a quotation)
 */
export function capexTotals(spec: PvCapexSpec | StorageCapexSpec, size: number): CapexTotals {
  switch (spec.kind) {
    case 'yuanPerW':
      return capexFromGross(spec.yuanPerW * size * 1000, spec.vatRate ?? DEFAULT_CAPEX_VAT_RATE);
    case 'yuanPerWh':
      return capexFromGross(spec.yuanPerWh * size * 1000, spec.vatRate ?? DEFAULT_CAPEX_VAT_RATE);
    case 'quotation':
      return capexFromQuotation(spec.items);
  }
}
