import { Alert } from 'antd';
import type { GeoJSONSourceSpecification, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
// The map's worker, bundled by Vite (maplibre resolves it next to its own module otherwise).
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface MapMarker {
  readonly id: string;
  readonly name: string;
  readonly longitudeDeg: number;
  readonly latitudeDeg: number;
}

/** China's extent, for the initial view. */
const CHINA_BOUNDS: [[number, number], [number, number]] = [
  [73, 17],
  [135, 54],
];

/**
 * The basemap: a tile source when one is configured (VITE_MAP_STYLE_URL for a full style, or
 * VITE_MAP_TILE_URL for raster tiles); otherwise a plain basemap — background and a 5° graticule —
 * that still places the markers.
 */
function basemapStyle(): string | StyleSpecification {
  const styleUrl: unknown = import.meta.env.VITE_MAP_STYLE_URL;
  if (typeof styleUrl === 'string' && styleUrl) return styleUrl;
  const tileUrl: unknown = import.meta.env.VITE_MAP_TILE_URL;
  const lines: {
    type: 'Feature';
    properties: object;
    geometry: { type: 'LineString'; coordinates: number[][] };
  }[] = [];
  for (let lon = 70; lon <= 140; lon += 5) {
    lines.push({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [lon, 0],
          [lon, 60],
        ],
      },
    });
  }
  for (let lat = 0; lat <= 60; lat += 5) {
    lines.push({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [70, lat],
          [140, lat],
        ],
      },
    });
  }
  return {
    version: 8,
    sources: {
      graticule: {
        type: 'geojson',
        data: { type: 'FeatureCollection', features: lines },
      } as GeoJSONSourceSpecification,
      ...(typeof tileUrl === 'string' && tileUrl
        ? { tiles: { type: 'raster' as const, tiles: [tileUrl], tileSize: 256 } }
        : {}),
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#eef3f8' } },
      ...(typeof tileUrl === 'string' && tileUrl
        ? [{ id: 'tiles', type: 'raster' as const, source: 'tiles' }]
        : []),
      {
        id: 'graticule',
        type: 'line',
        source: 'graticule',
        paint: { 'line-color': '#c9d6e3', 'line-width': 1 },
      },
    ],
  };
}

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/** The map of the user's projects (MapLibre, loaded only when the home page shows). */
export function ProjectMap(props: { readonly markers: readonly MapMarker[]; readonly height: number }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return undefined;
    if (!webglAvailable()) {
      setFailed(true);
      return undefined;
    }
    let disposed = false;
    let created: MapLibreMap | null = null;
    void import('maplibre-gl')
      .then(async ({ Map: MapClass, setWorkerUrl }) => {
        setWorkerUrl(maplibreWorkerUrl);
        await import('maplibre-gl/dist/maplibre-gl.css');
        if (disposed || !container.current) return;
        created = new MapClass({
          container: container.current,
          style: basemapStyle(),
          bounds: CHINA_BOUNDS,
          attributionControl: false,
        });
        setMap(created);
      })
      .catch((error: unknown) => {
        console.warn('[map] could not start', error);
        setFailed(true);
      });
    return () => {
      disposed = true;
      created?.remove();
    };
  }, []);

  useEffect(() => {
    if (!map) return undefined;
    const placed: { remove(): void }[] = [];
    void import('maplibre-gl').then(({ Marker, Popup }) => {
      for (const marker of props.markers) {
        placed.push(
          new Marker({ color: '#1677ff' })
            .setLngLat([marker.longitudeDeg, marker.latitudeDeg])
            .setPopup(new Popup({ offset: 16 }).setText(marker.name))
            .addTo(map),
        );
      }
    });
    return () => {
      for (const marker of placed) marker.remove();
    };
  }, [map, props.markers]);

  if (failed) return <Alert type="info" showIcon message={t('pages.home.map.unavailable')} />;
  return (
    <div
      ref={container}
      style={{ height: props.height, borderRadius: 8, overflow: 'hidden' }}
      data-testid="home-map"
    />
  );
}
