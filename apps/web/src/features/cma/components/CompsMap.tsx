// Subject and candidates on a map: Leaflet with the configured tile URL, or an offline SVG drawing without tiles.
import { useEffect, useRef } from 'react';
import 'leaflet/dist/leaflet.css';

export interface MapPoint {
  id: string;
  lat: number;
  lng: number;
  label: string;
  kind: 'subject' | 'selected' | 'candidate';
  title: string;
}

const COLOURS = { subject: '#d62d20', selected: '#0070c0', candidate: '#7a8a99' };

export function CompsMap({ points, tileUrl }: { points: MapPoint[]; tileUrl?: string }) {
  if (points.length === 0) return <p className="cma-empty">No coordinates to draw: the listings carry no latitude and longitude.</p>;
  return tileUrl ? <LeafletMap points={points} tileUrl={tileUrl} /> : <SvgMap points={points} />;
}

function LeafletMap({ points, tileUrl }: { points: MapPoint[]; tileUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let map: import('leaflet').Map | undefined;
    void import('leaflet').then((L) => {
      if (disposed || !container.current) return;
      map = L.map(container.current, { scrollWheelZoom: false });
      L.tileLayer(tileUrl, { maxZoom: 19, attribution: '© map contributors' }).addTo(map);
      const bounds = L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
      for (const p of points) {
        L.circleMarker([p.lat, p.lng], { radius: PIN_RADIUS[p.kind], color: COLOURS[p.kind], fillOpacity: p.kind === 'candidate' ? 0.3 : 0.9 })
          .bindTooltip(`${p.label}: ${p.title}`)
          .addTo(map);
      }
      map.fitBounds(bounds.pad(0.15));
    });
    return () => {
      disposed = true;
      map?.remove();
    };
  }, [points, tileUrl]);
  return <div ref={container} className="cma-map" role="img" aria-label="Map of the subject and the candidates" />;
}

const PIN_RADIUS = { subject: 13, selected: 12, candidate: 10 } as const;

/**
 * Pixel positions with no two pins overlapping: a pin that would cover an earlier one moves to the nearest free spot on
 * growing rings around its true position (a leader line shows where it belongs). Subject first, then by label.
 */
export function placePins(points: readonly { id: string; x: number; y: number; r: number }[]): Map<string, { x: number; y: number; moved: boolean }> {
  const placed: { x: number; y: number; r: number }[] = [];
  const result = new Map<string, { x: number; y: number; moved: boolean }>();
  const free = (x: number, y: number, r: number) => placed.every((p) => Math.hypot(p.x - x, p.y - y) >= p.r + r + 2);
  for (const point of points) {
    let spot = { x: point.x, y: point.y, moved: false };
    if (!free(point.x, point.y, point.r)) {
      search: for (let ring = 1; ring <= 12; ring++) {
        const distance = ring * point.r * 1.6;
        const steps = 8 * ring;
        for (let i = 0; i < steps; i++) {
          const angle = (i / steps) * 2 * Math.PI - Math.PI / 2;
          const x = point.x + distance * Math.cos(angle);
          const y = point.y + distance * Math.sin(angle);
          if (free(x, y, point.r)) {
            spot = { x, y, moved: true };
            break search;
          }
        }
      }
    }
    placed.push({ x: spot.x, y: spot.y, r: point.r });
    result.set(point.id, spot);
  }
  return result;
}

function SvgMap({ points }: { points: MapPoint[] }) {
  const width = 480;
  const height = 340;
  const pad = 30;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const minLat = Math.min(...lats);
  const maxLat = Math.max(...lats);
  const minLng = Math.min(...lngs);
  const maxLng = Math.max(...lngs);
  const spanLat = Math.max(maxLat - minLat, 0.002);
  const spanLng = Math.max(maxLng - minLng, 0.002);
  const x = (lng: number) => pad + ((lng - minLng) / spanLng) * (width - 2 * pad);
  const y = (lat: number) => height - pad - 14 - ((lat - minLat) / spanLat) * (height - 2 * pad - 14);
  const order = { subject: 0, selected: 1, candidate: 2 } as const;
  const byImportance = [...points].sort((a, b) => order[a.kind] - order[b.kind] || Number(a.label) - Number(b.label));
  const spots = placePins(byImportance.map((p) => ({ id: p.id, x: x(p.lng), y: y(p.lat), r: PIN_RADIUS[p.kind] })));
  // Drawn least important first, so the subject and the chosen comparables sit on top.
  const drawn = [...byImportance].reverse();
  return (
    <svg className="cma-map cma-map--svg" viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Offline drawing of the subject and the candidates">
      <rect x="0" y="0" width={width} height={height} fill="#f4f7fa" stroke="#d5dde6" />
      {drawn.map((p) => {
        const spot = spots.get(p.id)!;
        return spot.moved ? <line key={`${p.id}-leader`} x1={x(p.lng)} y1={y(p.lat)} x2={spot.x} y2={spot.y} stroke={COLOURS[p.kind]} strokeWidth="1" strokeOpacity="0.6" /> : null;
      })}
      {drawn.map((p) => {
        const spot = spots.get(p.id)!;
        return (
          <g key={p.id}>
            <title>{`${p.kind === 'subject' ? 'Subject' : `#${p.label}`}: ${p.title}`}</title>
            <circle cx={spot.x} cy={spot.y} r={PIN_RADIUS[p.kind]} fill={COLOURS[p.kind]} fillOpacity={p.kind === 'candidate' ? 0.55 : 1} stroke="#fff" strokeWidth="2" />
            <text x={spot.x} y={spot.y + 4} textAnchor="middle" fontSize="11" fill="#fff" fontWeight="700">{p.kind === 'subject' ? 'S' : p.label}</text>
          </g>
        );
      })}
      <g transform={`translate(${pad}, ${height - 10})`} fontSize="11" fill="#4b5a6a">
        <circle cx="5" cy="-4" r="5" fill={COLOURS.subject} /><text x="14" y="0">Subject</text>
        <circle cx="80" cy="-4" r="5" fill={COLOURS.selected} /><text x="89" y="0">Selected</text>
        <circle cx="160" cy="-4" r="5" fill={COLOURS.candidate} fillOpacity="0.55" /><text x="169" y="0">Candidate</text>
      </g>
    </svg>
  );
}
