import {
  fenToYuanText,
  hasDiscountLabel,
  PACKAGE_ON_SALE,
  type PackType,
  type VipPackage,
} from '@pvplan/contract';

/**
 * The top-up pack dialog's rules (spec 001 §4, §5, §9), kept apart from the components so they can
 * be tested: which packs are listed, which one is preselected, the discount label, the original
 * price and whether the amount payable is shown.
 */

/** Only packs of the chosen type that are on sale (status 1), in the server's order. */
export function visiblePacks(packs: readonly VipPackage[] | undefined, vipType: PackType): VipPackage[] {
  return (packs ?? []).filter((pack) => pack.vipType === vipType && pack.status === PACKAGE_ON_SALE);
}

/** The first listed pack is preselected on opening; null when there is none. */
export function initialSelection(packs: readonly VipPackage[]): number | null {
  return packs[0]?.id ?? null;
}

/**
 * The selection after the list changed: the chosen pack while it is still listed, otherwise the
 * first one. Exactly one pack is active whenever there is any.
 */
export function keepSelection(current: number | null, packs: readonly VipPackage[]): number | null {
  return current !== null && packs.some((pack) => pack.id === current) ? current : initialSelection(packs);
}

/** The discount shown as a label ("8.5" for 8.5折), or null when 0 < discount < 10 does not hold. */
export function discountLabelValue(discount: number | null | undefined): string | null {
  if (!hasDiscountLabel(discount)) return null;
  return String(Math.round((discount as number) * 100) / 100);
}

/**
 * The same discount as a percentage off for the English label ("20" for 8折, "15" for 8.5折), or null
 * when there is no label.
 */
export function discountPercentOff(discount: number | null | undefined): string | null {
  if (!hasDiscountLabel(discount)) return null;
  return String(Math.round((10 - (discount as number)) * 1000) / 100);
}

/** The discount label's value in a language: 折 in Chinese ("8.5"), percentage off in English ("15"). */
export function discountValueFor(discount: number | null | undefined, language: string): string | null {
  return language.startsWith('zh') ? discountLabelValue(discount) : discountPercentOff(discount);
}

/**
 * A survey area (stored in 万m², 10,000 m²) as its language reads it: Chinese keeps 万m² ("1.5"
 * with the 万m² unit), English gives square metres with grouping ("15,000" with the m² unit).
 */
export function areaText(areaWanM2: number, language: string): string {
  if (language.startsWith('zh')) return String(areaWanM2);
  return Math.round(areaWanM2 * 10_000).toLocaleString('en-US');
}

/** The amount payable is shown only when the price is above 0 (spec 001 §5). */
export function showsAmountPayable(priceFen: number | null | undefined): boolean {
  return typeof priceFen === 'number' && priceFen > 0;
}

/** Groups the whole part of a plain decimal text in thousands: "159900.00" -> "159,900.00". */
function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * Price as yuan text with two decimals and thousands grouped, as money reads everywhere in the app
 * (Chinese and English alike), e.g. 15000 -> "150.00", 159900 -> "1,599.00".
 */
export function priceText(priceFen: number): string {
  return groupThousands(fenToYuanText(priceFen));
}

/**
 * A yuan amount the API sends as text ("1599.00", an order's paymentAmount) or as a number (a
 * package's original price, whole yuan per spec 001 §9) with thousands grouped; the decimals stay as
 * sent. Text that is not a plain amount is shown as it came.
 */
export function yuanText(yuan: string | number): string {
  const text = typeof yuan === 'number' ? String(yuan) : yuan.trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? groupThousands(text) : text;
}

/**
 * What buying needs: a selected pack with a price; null means refuse with 请选择要购买的加油包！
 * (spec 001 §5: "buying with nothing selected (price empty) is refused").
 */
export function packToBuy(packs: readonly VipPackage[], selectedId: number | null): VipPackage | null {
  const pack = packs.find((item) => item.id === selectedId);
  return pack && showsAmountPayable(pack.priceFen) ? pack : null;
}

/** The membership plans on sale, in the server's order (sort). */
export function visiblePlans(plans: readonly VipPackage[] | undefined): VipPackage[] {
  return (plans ?? []).filter((plan) => plan.vipType === 'membership' && plan.status === PACKAGE_ON_SALE);
}
