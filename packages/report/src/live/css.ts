// The live page's one style sheet, coloured by the brand palette (inline in the page: no other request, no script).
import type { BrandPalette } from '../palette';
import { INK, RULE } from '../theme';

export const liveCss = (p: BrandPalette) => `
:root{--brand:${p.brand};--on-brand:${p.onBrand};--brand-text:${p.brandText};--tint:${p.tint};--faint:${p.faint};--ink:${INK};--muted:#4b5563;--rule:${RULE}}
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:var(--ink);background:#f6f7f9}
img{max-width:100%;display:block}a{color:var(--brand-text)}
.wrap{max-width:760px;margin:0 auto;padding:0 16px}
.band{background:var(--brand);color:var(--on-brand);padding:20px 0 24px}
.band a{color:var(--on-brand)}
.band__top{display:flex;align-items:center;gap:12px;margin-bottom:16px;min-height:44px}
.band__logo{height:44px;width:auto;max-width:140px;object-fit:contain;background:#fff;border-radius:6px;padding:4px}
.band__business{font-weight:600}
.band h1{font-size:1.6rem;line-height:1.2;margin:0 0 6px}
.band p{margin:0;opacity:.95}
.eyebrow{font-size:.75rem;letter-spacing:.12em;text-transform:uppercase}
main{padding-bottom:24px}
section,.card{background:#fff;border-radius:12px;margin:16px 0;padding:16px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
h2{font-size:1.25rem;margin:0 0 12px;color:var(--brand-text)}
h3{font-size:1.05rem;margin:0 0 4px}section>h3,section>div>h3{margin-top:20px}.based-on{margin:8px 0 0}
.hero{width:100%;height:auto;aspect-ratio:16/10;object-fit:cover;border-radius:12px;margin-top:-8px;background:var(--tint)}
.value{border-top:6px solid var(--brand)}
.value__range{font-size:2rem;font-weight:800;line-height:1.15;color:var(--brand-text);margin:4px 0 8px;overflow-wrap:anywhere}
.value__row{display:flex;flex-wrap:wrap;gap:8px 24px}
.label{font-size:.8rem;letter-spacing:.08em;text-transform:uppercase;color:var(--muted)}
.nowrap{white-space:nowrap}.strong{font-weight:700}.muted{color:var(--muted)}.small{font-size:.9rem}
.plus{color:#1b5e20;font-weight:600}.minus{color:#b71c1c;font-weight:600}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:0 20px;border-radius:8px;font-weight:700;text-decoration:none;border:2px solid var(--brand-text);color:var(--brand-text);background:#fff}
.button--primary{background:var(--brand);color:var(--on-brand);border-color:var(--brand)}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:16px}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(96px,1fr));gap:8px;margin:12px 0;padding:0;list-style:none}
.stats li{background:var(--faint);border-radius:8px;padding:8px;text-align:center}
.stats strong{display:block;font-size:1rem}
.facts{margin:0}.facts__row{display:flex;justify-content:space-between;gap:16px;border-bottom:1px solid var(--rule);padding:8px 0}
.facts dt{color:var(--muted)}.facts dd{margin:0;font-weight:600;text-align:right}
details{margin-top:12px}summary{cursor:pointer;font-weight:600;color:var(--brand-text);min-height:44px;display:flex;align-items:center}
.comps{display:grid;gap:16px}
.comp{border:1px solid var(--rule);border-radius:12px;overflow:hidden;background:#fff}
.comp__photo{width:100%;height:auto;aspect-ratio:16/10;object-fit:cover;border-radius:0}
.comp__body{padding:12px 16px 16px}
.pin{display:inline-flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:50%;background:var(--brand);color:var(--on-brand);font-size:.9rem}
.comp__figures{display:grid;grid-template-columns:1fr 1fr;gap:8px 16px;margin:12px 0 0}
.comp__figures dt{font-size:.8rem;color:var(--muted)}.comp__figures dd{margin:0;font-size:1.05rem}
.badge{display:inline-block;border-radius:4px;padding:0 6px;font-weight:700}
.adjustments{width:100%;border-collapse:collapse;font-size:.85rem;margin-top:8px}
.adjustments th,.adjustments td{text-align:left;padding:6px 4px;border-bottom:1px solid var(--rule);vertical-align:top}
.adjustments td:last-child{text-align:right;white-space:nowrap}
.chart{width:100%;max-width:560px;height:auto;display:block;margin:0 auto}
.chart--map-narrow{display:none}@media (max-width:599px){.chart--map-wide{display:none}.chart--map-narrow{display:block}}
.legend{padding-left:24px;margin:8px 0 0;font-size:.95rem}
.bars__list{list-style:none;margin:0;padding:0}.bars__row{margin-bottom:14px}
.bars__label{display:block;font-weight:600;font-size:.95rem}
.bars__track{position:relative;display:block;height:28px;background:#eef0f3;border-radius:4px;margin:4px 0}
.bars__band{position:absolute;top:0;bottom:0;background:var(--tint);outline:1px dashed var(--brand-text)}
.bars__bar{position:absolute;left:0;height:12px;border-radius:0 3px 3px 0}
.bars__bar--sale{top:2px;background:#8a96a3}.bars__bar--adjusted{top:14px;background:var(--brand)}.bars__bar--model{top:8px;background:var(--ink)}
.bars__values{font-size:.9rem}.bars__legend{font-size:.85rem;color:var(--muted);display:flex;flex-wrap:wrap;gap:4px 10px;align-items:center}
.bars__scale{margin-left:auto}
.key{display:inline-block;width:14px;height:10px;border-radius:2px}.key--sale{background:#8a96a3}.key--adjusted{background:var(--brand)}.key--model{background:var(--ink)}.key--band{background:var(--tint);outline:1px dashed var(--brand-text)}
.weights{width:100%;border-collapse:collapse;font-size:.9rem}.weights th,.weights td{padding:6px 4px;border-bottom:1px solid var(--rule);text-align:right}.weights th:first-child,.weights td:first-child{text-align:left}
.agent{display:flex;gap:16px;align-items:center}
.agent__photo{width:72px;height:72px;border-radius:50%;object-fit:cover;flex:none}
.agent__name{font-size:1.15rem;font-weight:700;margin:0}
.legal{font-size:.85rem;color:var(--muted)}
table.sheet{width:100%;border-collapse:collapse;font-size:.9rem}.sheet th,.sheet td{padding:6px 4px;border-bottom:1px solid var(--rule);text-align:right}.sheet th:first-child,.sheet td:first-child{text-align:left}.sheet .net td{font-weight:700;background:var(--faint)}
.figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:8px;margin:0 0 12px;padding:0;list-style:none}.figures li{border:1px solid var(--rule);border-radius:8px;padding:8px}.figures strong{display:block;font-size:1.15rem;color:var(--brand-text)}
.gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px}.gallery img{width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:8px}.gallery figcaption{font-size:.85rem;color:var(--muted);margin-top:4px}figure{margin:0}
.tagline{font-style:italic;color:var(--brand-text);margin:2px 0 0}
footer{text-align:center;font-size:.85rem;color:var(--muted);padding:8px 0 32px}
@media (min-width:700px){.comps{grid-template-columns:1fr 1fr}.band h1{font-size:2rem}.value__range{font-size:2.4rem}}
@media print{.actions{display:none}body{background:#fff}}
`;
