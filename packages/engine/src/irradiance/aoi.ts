const DEG = Math.PI / 180;

/**
 * Cosine of the angle of incidence of beam light on a tilted plane (projection), as pvlib
 * `irradiance.aoi_projection`; clipped to [−1, 1].
 * @param surfaceTiltDeg tilt from horizontal, degrees
 * @param surfaceAzimuthDeg azimuth clockwise from north, degrees (180 = south)
 * @param solarZenithDeg solar zenith, degrees
 * @param solarAzimuthDeg solar azimuth clockwise from north, degrees
 */
export function aoiProjection(
  surfaceTiltDeg: number,
  surfaceAzimuthDeg: number,
  solarZenithDeg: number,
  solarAzimuthDeg: number,
): number {
  const p =
    Math.cos(surfaceTiltDeg * DEG) * Math.cos(solarZenithDeg * DEG) +
    Math.sin(surfaceTiltDeg * DEG) *
      Math.sin(solarZenithDeg * DEG) *
      Math.cos((solarAzimuthDeg - surfaceAzimuthDeg) * DEG);
  return p > 1 ? 1 : Math.max(p, -1);
}

/**
 * Angle of incidence of beam light on a tilted plane, degrees (spherical trigonometry; pvlib `irradiance.aoi`).
 * @param surfaceTiltDeg tilt from horizontal, degrees
 * @param surfaceAzimuthDeg azimuth clockwise from north, degrees
 * @param solarZenithDeg solar zenith, degrees
 * @param solarAzimuthDeg solar azimuth clockwise from north, degrees
 */
export function aoiDeg(
  surfaceTiltDeg: number,
  surfaceAzimuthDeg: number,
  solarZenithDeg: number,
  solarAzimuthDeg: number,
): number {
  return Math.acos(aoiProjection(surfaceTiltDeg, surfaceAzimuthDeg, solarZenithDeg, solarAzimuthDeg)) / DEG;
}
