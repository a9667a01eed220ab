// Subject and candidates on a street map (Leaflet, the configured tiles) as numbered price pins; the offline SVG drawing
// when maps are off or the tiles cannot be fetched (decision 2070).
import { useEffect, useRef, useState } from 'react';
import { pinPrice, placeLabels, placePins } from '@cma/report/map-layout';
import 'leaflet/dist/leaflet.css';

export interface MapPoint {
  id: string;
  lat: number;
  lng: number;
  label: string;
  kind: 'subject' | 'selected' | 'candidate';
  title: string;
  /** Sale price (net), shown on the pin. */
  price: number | null;
}

const COLOURS = { subject: '#d62d20', selected: '#0070c0', candidate: '#7a8a99' };
const ORDER = { subject: 0, selected: 1, candidate: 2 } as const;

/** Subject first, then the chosen comparables, then candidates by rank: the order labels claim their spots in. */
const byImportance = (points: readonly MapPoint[]) => [...points].sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || Number(a.label) - Number(b.label));

/** '1 $561k' on a pin ('$561k' for a comparable without a rank); 'S' for the subject. */
export function pinText(point: MapPoint): string {
  if (point.kind === 'subject') return 'S';
  return [point.label, pinPrice(point.price)].filter(Boolean).join(' ');
}

/** What a screen reader hears for a pin. */
function pinName(point: MapPoint): string {
  const price = point.price != null ? `, sold $${point.price.toLocaleString('en-US')}` : '';
  if (point.kind === 'subject') return `Subject: ${point.title}`;
  return `${point.kind === 'selected' ? 'Selected comparable' : 'Candidate'}${point.label ? ` ${point.label}` : ''}: ${point.title}${price}`;
}

export function CompsMap({ points, tileUrl, attribution }: { points: MapPoint[]; tileUrl?: string; attribution?: string }) {
  const [tilesFailed, setTilesFailed] = useState(false);
  if (points.length === 0) return <p className="cma-empty">No coordinates to draw: the listings carry no latitude and longitude.</p>;
  if (tileUrl && !tilesFailed) return <LeafletMap points={points} tileUrl={tileUrl} attribution={attribution ?? ''} onTilesFailed={() => setTilesFailed(true)} />;
  return (
    <>
      <SvgMap points={points} />
      {tileUrl ? <p className="cma-hint">The street map could not be loaded, so the positions are drawn without it.</p> : null}
    </>
  );
}

function LeafletMap({ points, tileUrl, attribution, onTilesFailed }: { points: MapPoint[]; tileUrl: string; attribution: string; onTilesFailed: () => void }) {
  const container = useRef<HTMLDivElement>(null);
  const failed = useRef(onTilesFailed);
  failed.current = onTilesFailed;
  useEffect(() => {
    let disposed = false;
    let map: import('leaflet').Map | undefined;
    void import('leaflet').then((L) => {
      if (disposed || !container.current) return;
      map = L.map(container.current, { scrollWheelZoom: false });
      // The view first: Leaflet adds layers (and creates marker elements) only on a map that has one.
      map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number])).pad(0.15), { maxZoom: 17 });
      let loaded = 0;
      L.tileLayer(tileUrl, {
        maxZoom: 19,
        attribution,
        // The CSP allows one host: {s} is always 'a'. Tile servers such as OpenStreetMap's require the page's origin.
        subdomains: 'a',
        referrerPolicy: 'strict-origin-when-cross-origin',
      })
        .on('tileload', () => void loaded++)
        // Every tile of the view settled and none arrived: the tile server is out of reach, draw the map offline instead.
        .on('load', () => loaded === 0 && !disposed && failed.current())
        .addTo(map);
      const markers = byImportance(points).map((p) => {
        const icon = L.divIcon({
          className: `cma-pin cma-pin--${p.kind}`,
          html: `<span class="cma-pin__leader"></span><span class="cma-pin__dot"></span><span class="cma-pin__label"></span>`,
          iconSize: [0, 0],
        });
        const marker = L.marker([p.lat, p.lng], { icon, keyboard: true, title: pinName(p), zIndexOffset: 1000 * (2 - ORDER[p.kind]) }).addTo(map!);
        const element = marker.getElement()!;
        element.querySelector('.cma-pin__label')!.textContent = pinText(p);
        element.setAttribute('aria-label', pinName(p));
        return { point: p, marker, label: element.querySelector<HTMLElement>('.cma-pin__label')!, leader: element.querySelector<HTMLElement>('.cma-pin__leader')! };
      });
      // Labels keep their spot unless they would cover another; a moved label keeps its dot on the true position.
      const spreadLabels = () => {
        if (!map) return;
        const boxes = markers.map(({ point, label }) => {
          const at = map!.latLngToContainerPoint([point.lat, point.lng]);
          return { id: point.id, x: at.x, y: at.y, width: label.offsetWidth, height: label.offsetHeight };
        });
        const size = map.getSize();
        const spots = placeLabels(boxes, { width: size.x, height: size.y });
        boxes.forEach((box, i) => {
          const spot = spots.get(box.id)!;
          const dx = Math.round(spot.x - box.x);
          const dy = Math.round(spot.y - box.y);
          const { label, leader } = markers[i]!;
          label.style.transform = `translate(calc(-50% + ${dx}px), calc(-50% + ${dy}px))`;
          // A moved label keeps a line to its dot, so it is clear which spot it names.
          leader.style.width = spot.moved ? `${Math.hypot(dx, dy)}px` : '0';
          leader.style.transform = `rotate(${Math.atan2(dy, dx)}rad)`;
        });
      };
      map.on('zoomend', spreadLabels);
      spreadLabels();
    });
    return () => {
      disposed = true;
      map?.remove();
    };
  }, [points, tileUrl, attribution]);
  return <div ref={container} className="cma-map" role="region" aria-label="Street map of the subject and the candidates, with their sale prices" />;
}

const PIN_RADIUS = { subject: 13, selected: 12, candidate: 10 } as const;

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
  const ordered = byImportance(points);
  const spots = placePins(ordered.map((p) => ({ id: p.id, x: x(p.lng), y: y(p.lat), r: PIN_RADIUS[p.kind] })));
  // Drawn least important first, so the subject and the chosen comparables sit on top.
  const drawn = [...ordered].reverse();
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
            <title>{pinName(p)}</title>
            <circle cx={spot.x} cy={spot.y} r={PIN_RADIUS[p.kind]} fill={COLOURS[p.kind]} fillOpacity={p.kind === 'candidate' ? 0.55 : 1} stroke="#fff" strokeWidth="2" />
            <text x={spot.x} y={spot.y + 4} textAnchor="middle" fontSize="11" fill="#fff" fontWeight="700">{p.kind === 'subject' ? 'S' : p.label || '✓'}</text>
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
