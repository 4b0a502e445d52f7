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

/** The amount payable is shown only when the price is above 0 (spec 001 §5). */
export function showsAmountPayable(priceFen: number | null | undefined): boolean {
  return typeof priceFen === 'number' && priceFen > 0;
}

/** Price as yuan text with two decimals, e.g. 15000 -> "150.00". */
export function priceText(priceFen: number): string {
  return fenToYuanText(priceFen);
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
