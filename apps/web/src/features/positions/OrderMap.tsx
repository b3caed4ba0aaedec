import 'leaflet/dist/leaflet.css';
import type { OrderPosition } from '@spedycja/domain';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { positionsTexts as t } from './messages.ts';

export type MapStop = { kind: 'loading' | 'unloading'; lat: number; lon: number; label: string };

/**
 * The order's map (issue 39): the route between the stops (dashed), the trail of positions and the last one, and a
 * scale. Leaflet's SVG renderer draws them as paths in the page, so with no tiles (no MAP_TILES_URL, or no internet in
 * the office) the picture is still there on a plain background; tiles, when set, go beneath.
 */
export default function OrderMap({
  stops,
  positions,
  tilesUrl,
}: {
  stops: MapStop[];
  positions: OrderPosition[];
  tilesUrl: string | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const map = L.map(element, { renderer: L.svg(), attributionControl: Boolean(tilesUrl), zoomSnap: 0.25 });
    if (tilesUrl) {
      L.tileLayer(tilesUrl, { maxZoom: 18, attribution: '© OpenStreetMap' }).addTo(map);
    }
    const points: L.LatLngExpression[] = [];
    const loading = stops.find((s) => s.kind === 'loading');
    const unloading = stops.find((s) => s.kind === 'unloading');
    if (loading && unloading) {
      L.polyline(
        [
          [loading.lat, loading.lon],
          [unloading.lat, unloading.lon],
        ],
        { className: 'order-map-route', color: '#5c7cfa', weight: 3, dashArray: '8 6' },
      ).addTo(map);
    }
    const trail = positions.map((p) => [p.lat, p.lon] as L.LatLngTuple);
    if (trail.length > 1) L.polyline(trail, { className: 'order-map-trail', color: '#e8590c', weight: 3 }).addTo(map);
    positions.forEach((p, i) => {
      const last = i === positions.length - 1;
      L.circleMarker([p.lat, p.lon], {
        className: last ? 'order-map-last' : 'order-map-position',
        radius: last ? 8 : 3,
        color: last ? '#c92a2a' : '#e8590c',
        fillOpacity: 0.9,
      })
        .bindTooltip(`${new Date(p.at).toLocaleString('pl-PL')} · ${t.source[p.source]}`)
        .addTo(map);
      points.push([p.lat, p.lon]);
    });
    for (const stop of stops) {
      L.circleMarker([stop.lat, stop.lon], {
        className: `order-map-stop order-map-${stop.kind}`,
        radius: 7,
        color: stop.kind === 'loading' ? '#2f9e44' : '#1971c2',
        fillOpacity: 0.8,
      })
        .bindTooltip(stop.label, { permanent: true, direction: 'top' })
        .addTo(map);
      points.push([stop.lat, stop.lon]);
    }
    L.control.scale({ metric: true, imperial: false }).addTo(map);
    if (points.length > 0) {
      const bounds = L.latLngBounds(points);
      // A container without a size (a hidden tab) has no zoom to fit: a fixed view until it is shown.
      if (element.clientWidth > 0) map.fitBounds(bounds, { padding: [30, 30], maxZoom: 12 });
      else map.setView(bounds.getCenter(), 5);
    } else map.setView([52, 19], 5);
    return () => {
      map.remove();
    };
  }, [stops, positions, tilesUrl]);
  return (
    <div
      ref={box}
      role="img"
      aria-label={t.mapLabel}
      data-testid="order-map"
      style={{ height: 340, width: '100%', background: '#eef1f4', borderRadius: 4 }}
    />
  );
}
