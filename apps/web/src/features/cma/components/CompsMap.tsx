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
        L.circleMarker([p.lat, p.lng], { radius: p.kind === 'subject' ? 10 : 7, color: COLOURS[p.kind], fillOpacity: p.kind === 'candidate' ? 0.3 : 0.9 })
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

function SvgMap({ points }: { points: MapPoint[] }) {
  const width = 480;
  const height = 320;
  const pad = 24;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const minLat = Math.min(...lats);
  const maxLat = Math.max(...lats);
  const minLng = Math.min(...lngs);
  const maxLng = Math.max(...lngs);
  const spanLat = Math.max(maxLat - minLat, 0.002);
  const spanLng = Math.max(maxLng - minLng, 0.002);
  const x = (lng: number) => pad + ((lng - minLng) / spanLng) * (width - 2 * pad);
  const y = (lat: number) => height - pad - ((lat - minLat) / spanLat) * (height - 2 * pad);
  const ordered = [...points].sort((a, b) => (a.kind === 'subject' ? 1 : 0) - (b.kind === 'subject' ? 1 : 0));
  return (
    <svg className="cma-map cma-map--svg" viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Offline drawing of the subject and the candidates">
      <rect x="0" y="0" width={width} height={height} fill="#f4f7fa" stroke="#d5dde6" />
      {ordered.map((p) => (
        <g key={p.id}>
          <title>{`${p.label}: ${p.title}`}</title>
          <circle cx={x(p.lng)} cy={y(p.lat)} r={p.kind === 'subject' ? 10 : 8} fill={COLOURS[p.kind]} fillOpacity={p.kind === 'candidate' ? 0.35 : 0.95} stroke="#fff" strokeWidth="1.5" />
          <text x={x(p.lng)} y={y(p.lat) + 3.5} textAnchor="middle" fontSize="9" fill="#fff" fontWeight="700">{p.kind === 'subject' ? 'S' : p.label}</text>
        </g>
      ))}
      <g transform={`translate(${pad}, ${height - 8})`} fontSize="10" fill="#4b5a6a">
        <circle cx="4" cy="-3" r="4" fill={COLOURS.subject} /><text x="12" y="0">Subject</text>
        <circle cx="70" cy="-3" r="4" fill={COLOURS.selected} /><text x="78" y="0">Selected</text>
        <circle cx="140" cy="-3" r="4" fill={COLOURS.candidate} fillOpacity="0.5" /><text x="148" y="0">Candidate</text>
      </g>
    </svg>
  );
}
