/**
 * Extraterrestrial normal irradiance, Spencer (1971), "Fourier series representation of the
 * position of the sun", Search 2(5) 172; as pvlib `get_extra_radiation(method='spencer')`.
 * @param dayOfYear integer day of year, 1 = 1 January
 * @param solarConstantWm2 solar constant, W/m² (pvlib default 1366.1)
 * @returns extraterrestrial normal irradiance, W/m²
 */
export function extraRadiationSpencer(dayOfYear: number, solarConstantWm2 = 1366.1): number {
  const b = ((2 * Math.PI) / 365) * (dayOfYear - 1); // day angle, radians
  // (R0/R)², Spencer (1971) Fourier series
  const rOverR0Sq =
    1.00011 +
    0.034221 * Math.cos(b) +
    0.00128 * Math.sin(b) +
    0.000719 * Math.cos(2 * b) +
    7.7e-5 * Math.sin(2 * b);
  return solarConstantWm2 * rOverR0Sq;
}

/**
 * Day of year (1–366) of an instant, counted in UTC (pvlib uses the day of year of the time
 * index it is given; the reference oracle gives it UTC sun times).
 * @param unixTimeS seconds since 1970-01-01T00:00:00Z
 */
export function dayOfYearUtc(unixTimeS: number): number {
  const d = new Date(unixTimeS * 1000);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return Math.floor((d.getTime() - start) / 86400000) + 1;
}
