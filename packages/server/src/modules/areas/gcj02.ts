/**
 * WGS84 ↔ GCJ-02 ("Mars coordinates", the datum Chinese map services such as AMap return), the
 * public approximation of the obfuscation used by the eviltransform project
 * (github.com/googollee/eviltransform): a polynomial + sine offset on the Krasovsky ellipsoid
 * (a = 6378245 m, e² = 0.00669342162296594323). Outside China the coordinates are unchanged.
 */

const KRASOVSKY_A_M = 6378245.0;
// 0.00669342162296594323 as published, at double precision.
const KRASOVSKY_E2 = 0.006693421622965943;

/** Whether a point lies outside the box where the offset applies (longitude 72.004–137.8347°, latitude 0.8293–55.8271°). */
export function outOfChina(longitudeDeg: number, latitudeDeg: number): boolean {
  return longitudeDeg < 72.004 || longitudeDeg > 137.8347 || latitudeDeg < 0.8293 || latitudeDeg > 55.8271;
}

/** The raw offset terms at (x, y) = (lng − 105°, lat − 35°), in metre-like units before scaling. */
function offsetTerms(x: number, y: number): { dLat: number; dLng: number } {
  const common = 20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI);
  let dLat = common + 20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI);
  let dLng = common + 20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI);
  dLat += 160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y / 30) * Math.PI);
  dLng += 150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI);
  dLat = (dLat * 2) / 3 - 100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  dLng = (dLng * 2) / 3 + 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  return { dLat, dLng };
}

/** The GCJ-02 offset (degrees) of a WGS84 point. */
function offsetDeg(longitudeDeg: number, latitudeDeg: number): { dLat: number; dLng: number } {
  const { dLat, dLng } = offsetTerms(longitudeDeg - 105, latitudeDeg - 35);
  const latRad = (latitudeDeg / 180) * Math.PI;
  const magic = 1 - KRASOVSKY_E2 * Math.sin(latRad) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  return {
    dLat: (dLat * 180) / (((KRASOVSKY_A_M * (1 - KRASOVSKY_E2)) / (magic * sqrtMagic)) * Math.PI),
    dLng: (dLng * 180) / ((KRASOVSKY_A_M / sqrtMagic) * Math.cos(latRad) * Math.PI),
  };
}

/** WGS84 → GCJ-02, degrees. */
export function wgs84ToGcj02(
  longitudeDeg: number,
  latitudeDeg: number,
): { longitude: number; latitude: number } {
  if (outOfChina(longitudeDeg, latitudeDeg)) return { longitude: longitudeDeg, latitude: latitudeDeg };
  const { dLat, dLng } = offsetDeg(longitudeDeg, latitudeDeg);
  return { longitude: longitudeDeg + dLng, latitude: latitudeDeg + dLat };
}

/**
 * GCJ-02 → WGS84, degrees: the forward transform inverted by fixed-point iteration (the offset
 * varies slowly, so each step gains about three orders of magnitude; stops below 1e-9° ≈ 0.1 mm).
 */
export function gcj02ToWgs84(
  longitudeDeg: number,
  latitudeDeg: number,
): { longitude: number; latitude: number } {
  if (outOfChina(longitudeDeg, latitudeDeg)) return { longitude: longitudeDeg, latitude: latitudeDeg };
  let longitude = longitudeDeg;
  let latitude = latitudeDeg;
  for (let i = 0; i < 20; i += 1) {
    const forward = wgs84ToGcj02(longitude, latitude);
    const errLng = forward.longitude - longitudeDeg;
    const errLat = forward.latitude - latitudeDeg;
    longitude -= errLng;
    latitude -= errLat;
    if (Math.abs(errLng) < 1e-9 && Math.abs(errLat) < 1e-9) break;
  }
  return { longitude, latitude };
}
