// Placeholder listing photos drawn as SVG: a house front in colours derived from the listing id, so every
// listing has its own recognisable (and deterministic) pictures without shipping image files.

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Photo `index` (1-based) of a demo listing: 1 the front, 2 the street at dusk, 3 the garden. */
export function demoPhotoSvg(listingId: string, index: number, caption: string): string {
  const h = hash(`${listingId}#${index}`);
  const hue = h % 360;
  const roofHue = (hue + 180 + ((h >> 9) % 60)) % 360;
  const sky = index === 2 ? '#f3b27a' : index === 3 ? '#bfe3c0' : '#bcdff5';
  const storeys = 1 + ((h >> 4) % 2);
  const bodyTop = storeys === 2 ? 300 : 400;
  const windows = Array.from({ length: storeys * 3 }, (_, i) => {
    const x = 330 + (i % 3) * 160;
    const y = bodyTop + 40 + Math.floor(i / 3) * 110;
    return `<rect x="${x}" y="${y}" width="90" height="70" fill="#fdf6d8" stroke="#555" stroke-width="4"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="683" viewBox="0 0 1024 683">
<rect width="1024" height="683" fill="${sky}"/>
<rect y="560" width="1024" height="123" fill="#6da55a"/>
<polygon points="260,${bodyTop} 512,${bodyTop - 170} 764,${bodyTop}" fill="hsl(${roofHue},35%,35%)"/>
<rect x="290" y="${bodyTop}" width="444" height="${580 - bodyTop}" fill="hsl(${hue},40%,72%)" stroke="#444" stroke-width="4"/>
${windows}
<rect x="480" y="480" width="70" height="100" fill="hsl(${roofHue},45%,30%)"/>
<rect x="0" y="633" width="1024" height="50" fill="rgba(0,0,0,0.45)"/>
<text x="24" y="667" font-family="Arial, Helvetica, sans-serif" font-size="26" fill="#fff">${escapeXml(caption)} · demo photo ${index}</text>
</svg>`;
}
