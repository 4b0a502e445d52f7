/**
 * Chinese project taxes in an annual model: VAT with input-VAT credit carried forward,
 * surcharges on VAT (城建税, 教育费附加, 地方教育附加), and enterprise income tax with loss
 * carry-forward and the "三免三减半" holiday for public-infrastructure projects.
 */
import { EngineInputError } from '../errors.js';

/** One year of the VAT account; yuan. */
export interface VatYear {
  readonly outputVatYuan: number;
  /** Deductible input VAT arising this year (equipment purchases). */
  readonly inputVatAddedYuan: number;
  /** Input VAT set against this year's output VAT. */
  readonly inputVatCreditedYuan: number;
  /** VAT paid to the tax office: output − credited (≥ 0). */
  readonly vatPayableYuan: number;
  /** Unused input VAT carried to next year (留抵税额). */
  readonly creditCarriedForwardYuan: number;
}

/**
 * VAT payable with input VAT credited against output VAT and any unused credit carried forward
 * without limit until used (no refund of the carried credit is modelled; 留抵退税 would make it cash earlier).
 * Within a year, that year's new input VAT is available at once.
 * @param outputVatYuan output VAT by year (销项税额), yuan
 * @param inputVatYuan deductible input VAT by year (进项税额), yuan; same length
 */
export function vatWithInputCredit(
  outputVatYuan: readonly number[],
  inputVatYuan: readonly number[],
): VatYear[] {
  if (outputVatYuan.length !== inputVatYuan.length) {
    throw new EngineInputError('ECONOMICS_INVALID', 'VAT: output and input series differ in length');
  }
  const out: VatYear[] = [];
  let credit = 0;
  for (let t = 0; t < outputVatYuan.length; t++) {
    const output = outputVatYuan[t]!;
    const added = inputVatYuan[t]!;
    if (!(output >= 0) || !(added >= 0)) {
      throw new EngineInputError('ECONOMICS_INVALID', `VAT: negative or non-finite amount in year ${t}`);
    }
    credit += added;
    const used = Math.min(credit, output);
    credit -= used;
    out.push({
      outputVatYuan: output,
      inputVatAddedYuan: added,
      inputVatCreditedYuan: used,
      vatPayableYuan: output - used,
      creditCarriedForwardYuan: credit,
    });
  }
  return out;
}

/** Rates of the surcharges levied on VAT paid, fractions of the VAT. */
export interface SurchargeRates {
  /** 城市维护建设税: 7 % in a city, 5 % in a county town or town, 1 % elsewhere. */
  readonly cityConstructionRate: number;
  /** 教育费附加: 3 %. */
  readonly educationRate: number;
  /** 地方教育附加: 2 %. */
  readonly localEducationRate: number;
}

/** Urban defaults, 7 % + 3 % + 2 % = 12 % of VAT paid (china-domain.md §3, [P]). */
export const SURCHARGE_RATES_URBAN: SurchargeRates = {
  cityConstructionRate: 0.07,
  educationRate: 0.03,
  localEducationRate: 0.02,
};

/** Surcharges (税金及附加) on the VAT paid in one year, yuan. */
export function surchargesYuan(
  vatPayableYuan: number,
  rates: SurchargeRates = SURCHARGE_RATES_URBAN,
): number {
  return vatPayableYuan * (rates.cityConstructionRate + rates.educationRate + rates.localEducationRate);
}

/** Enterprise income tax parameters. */
export interface IncomeTaxParams {
  /** Statutory rate, fraction (25 %; 15 % for qualifying high-tech enterprises). */
  readonly rate: number;
  /** Years fully exempt, counted from `holidayStartYear` (3 for 三免三减半). */
  readonly exemptYears: number;
  /** Following years taxed at half the rate (3 for 三免三减半). */
  readonly halfRateYears: number;
  /** First year of the holiday: the year of first operating income (企业所得税法实施条例 Art. 87). */
  readonly holidayStartYear: number;
  /** Years a tax loss can be carried forward (企业所得税法 Art. 18: 5); 0 disables. */
  readonly lossCarryForwardYears: number;
}

/** 25 %, no holiday, 5-year loss carry-forward. */
export const INCOME_TAX_STANDARD: IncomeTaxParams = {
  rate: 0.25,
  exemptYears: 0,
  halfRateYears: 0,
  holidayStartYear: 1,
  lossCarryForwardYears: 5,
};

/** 25 % with 三免三减半 from year 1 (企业所得税法 Art. 27(2), 实施条例 Art. 87). */
export const INCOME_TAX_HOLIDAY_3_3: IncomeTaxParams = {
  ...INCOME_TAX_STANDARD,
  exemptYears: 3,
  halfRateYears: 3,
};

/** Rate applied in year t after the holiday: 0 while exempt, rate/2 while halved, else rate. */
export function incomeTaxRateInYear(params: IncomeTaxParams, year: number): number {
  const k = year - params.holidayStartYear;
  if (k >= 0 && k < params.exemptYears) return 0;
  if (k >= params.exemptYears && k < params.exemptYears + params.halfRateYears) return params.rate / 2;
  return params.rate;
}

/** One year of the income-tax computation; yuan. */
export interface IncomeTaxYear {
  readonly profitBeforeTaxYuan: number;
  /** Earlier losses set against this year's profit. */
  readonly lossOffsetYuan: number;
  /** 应纳税所得额 = max(0, profit − loss offset). */
  readonly taxableIncomeYuan: number;
  /** Rate applied this year (after the holiday). */
  readonly rateApplied: number;
  readonly incomeTaxYuan: number;
}

/**
 * Income tax by year. A loss of year y is carried forward and set against the profits of years
 * y+1 … y+K (K = `lossCarryForwardYears`), oldest loss first; losses offset profits during the
 * holiday too (the exemption applies to taxable income after loss offset). Tax = taxable × rate(year).
 * @param profitBeforeTaxYuan 利润总额 by year (index = year), yuan
 */
export function incomeTaxSchedule(
  profitBeforeTaxYuan: readonly number[],
  params: IncomeTaxParams,
): IncomeTaxYear[] {
  if (!(params.rate >= 0 && params.rate < 1)) {
    throw new EngineInputError('ECONOMICS_INVALID', `income tax rate must be in [0, 1)`);
  }
  for (const k of ['exemptYears', 'halfRateYears', 'lossCarryForwardYears'] as const) {
    if (!Number.isInteger(params[k]) || params[k] < 0) {
      throw new EngineInputError('ECONOMICS_INVALID', `income tax ${k} must be an integer ≥ 0`);
    }
  }
  const losses: { year: number; remaining: number }[] = [];
  const out: IncomeTaxYear[] = [];
  for (let t = 0; t < profitBeforeTaxYuan.length; t++) {
    const profit = profitBeforeTaxYuan[t]!;
    if (!Number.isFinite(profit))
      throw new EngineInputError('ECONOMICS_INVALID', `profit in year ${t} not finite`);
    const rate = incomeTaxRateInYear(params, t);
    let offset = 0;
    if (profit < 0) {
      if (params.lossCarryForwardYears > 0) losses.push({ year: t, remaining: -profit });
    } else {
      let room = profit;
      for (const l of losses) {
        if (room <= 0) break;
        if (l.remaining <= 0 || t - l.year > params.lossCarryForwardYears) continue;
        const use = Math.min(room, l.remaining);
        l.remaining -= use;
        room -= use;
        offset += use;
      }
    }
    const taxable = Math.max(0, profit - offset);
    out.push({
      profitBeforeTaxYuan: profit,
      lossOffsetYuan: offset,
      taxableIncomeYuan: taxable,
      rateApplied: rate,
      incomeTaxYuan: taxable * rate,
    });
  }
  return out;
}
