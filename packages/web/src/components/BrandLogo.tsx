/** The PVPlan mark: a sun over a PV module. Decorative; the product name is always written beside it. */
export function BrandLogo({ size = 40 }: { readonly size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1677ff" />
      <circle cx="44" cy="18" r="8" fill="#ffd666" />
      <path d="M12 48 20 28h28l-8 20z" fill="#fff" />
      <path d="M22 28l-4 20M30 28l-3 20M38 28l-2 20M16 38h30" stroke="#1677ff" strokeWidth="2" />
    </svg>
  );
}
