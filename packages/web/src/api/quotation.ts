import { ESTIMATE_TOOLS, type QuotationItemInput, type QuoteUnitPriceBody } from '@pvplan/contract';
import { requestData } from './request';

/*
 * Itemised capex quotations (server module `projects`, PvConfigService; spec 001 §7 "PV config"
 * getQuotationList, calculateQuoteUnitPrice). The server holds the default quotation of each kind
 * (PV per W, storage per Wh) and computes the totals and the unit price of an edited one.
 */

const EARLY = `${ESTIMATE_TOOLS}/early`;
const PV_CONFIG = `${ESTIMATE_TOOLS}/pv/pv-config`;

/** PV (per W of DC capacity) or storage (per Wh of energy). */
export type QuotationKind = 'pv' | 'es';

/** A line of the default quotation, sized to the project (quantity = size in W or Wh). */
export interface QuotationTemplateLine {
  readonly name: string;
  readonly nameEn: string;
  readonly unit: string;
  readonly unitPriceYuan: number;
  readonly vatRate: number;
  readonly source: string;
  readonly quantity: number;
}

/** GET early/getQuotationList. */
export interface QuotationList {
  readonly kind: QuotationKind;
  /** The project's saved size (kWp or kWh); null when none was saved yet (the lines are then for 1 kW). */
  readonly sizeKw: number | null;
  readonly unit: 'W' | 'Wh';
  readonly items: QuotationTemplateLine[];
  readonly totalYuan: number;
  readonly unitPriceYuan: number;
  /** The quotation saved with the project's economics, if any. */
  readonly saved: QuotationItemInput[] | null;
}

/** POST pv/pv-config/calculateQuoteUnitPrice. */
export interface QuoteUnitPrice {
  readonly kind: QuotationKind;
  readonly items: (QuotationItemInput & { readonly amountYuan: number })[];
  /** VAT-inclusive total, yuan. */
  readonly totalYuan: number;
  readonly inputVatYuan: number;
  readonly netYuan: number;
  readonly unit: 'W' | 'Wh';
  /** Total per W (pv) or per Wh (es); null without a size. */
  readonly unitPriceYuan: number | null;
  readonly saved: boolean;
}

/** The default quotation of a kind, sized to the project when it has a saved size. */
export function getQuotationList(kind: QuotationKind, projId?: string): Promise<QuotationList> {
  return requestData<QuotationList>(`${EARLY}/getQuotationList`, {
    query: { kind, ...(projId ? { projId } : {}) },
  });
}

/** What the client sends (the schema's defaults optional). */
export type QuoteUnitPriceRequest = Omit<QuoteUnitPriceBody, 'save' | 'kind'> &
  Partial<Pick<QuoteUnitPriceBody, 'save'>> & { readonly kind: QuotationKind };

/** The totals and unit price of a quotation, computed by the server (engine capexFromQuotation). */
export function calculateQuoteUnitPrice(body: QuoteUnitPriceRequest): Promise<QuoteUnitPrice> {
  return requestData<QuoteUnitPrice>(`${PV_CONFIG}/calculateQuoteUnitPrice`, { method: 'POST', body });
}
