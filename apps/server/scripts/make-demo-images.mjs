// Draws the demo catalog's pictures as small WebP files (run once; the output is committed).
// Usage: node scripts/make-demo-images.mjs
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../demo-images');

const shapes = {
  meter: (c) => `
    <rect x="130" y="40" width="140" height="220" rx="18" fill="${c}" stroke="#1f2937" stroke-width="6"/>
    <rect x="150" y="62" width="100" height="56" rx="6" fill="#d1fae5" stroke="#1f2937" stroke-width="4"/>
    <text x="200" y="102" font-size="30" text-anchor="middle" fill="#065f46" font-family="monospace">8.88</text>
    <circle cx="200" cy="175" r="34" fill="#374151"/><rect x="196" y="142" width="8" height="30" fill="#f9fafb"/>
    <circle cx="165" cy="235" r="9" fill="#ef4444"/><circle cx="235" cy="235" r="9" fill="#111827"/>`,
  station: (c) => `
    <rect x="70" y="130" width="190" height="120" rx="14" fill="${c}" stroke="#1f2937" stroke-width="6"/>
    <rect x="92" y="150" width="90" height="44" rx="5" fill="#fee2e2" stroke="#1f2937" stroke-width="4"/>
    <circle cx="222" cy="172" r="20" fill="#374151"/>
    <path d="M260 200 C 300 200, 300 120, 320 90" stroke="#111827" stroke-width="8" fill="none"/>
    <rect x="305" y="40" width="24" height="70" rx="10" fill="#111827" transform="rotate(15 317 75)"/>
    <path d="M332 30 l 10 -22" stroke="#9ca3af" stroke-width="6"/>`,
  pliers: (c) => `
    <path d="M200 60 L 150 250" stroke="${c}" stroke-width="26" stroke-linecap="round"/>
    <path d="M200 60 L 250 250" stroke="${c}" stroke-width="26" stroke-linecap="round"/>
    <path d="M186 40 L 200 110 L 214 40 Z" fill="#6b7280"/>
    <circle cx="200" cy="112" r="14" fill="#374151" stroke="#1f2937" stroke-width="4"/>`,
  probe: (c) => `
    <path d="M60 240 C 140 240, 120 120, 220 120" stroke="#111827" stroke-width="8" fill="none"/>
    <rect x="215" y="100" width="110" height="40" rx="16" fill="${c}" stroke="#1f2937" stroke-width="5"/>
    <path d="M325 120 L 365 120" stroke="#9ca3af" stroke-width="6"/>
    <rect x="40" y="225" width="36" height="30" rx="5" fill="#fbbf24" stroke="#1f2937" stroke-width="4"/>`,
  spool: (c) => `
    <circle cx="200" cy="150" r="100" fill="#9ca3af" stroke="#1f2937" stroke-width="6"/>
    <circle cx="200" cy="150" r="78" fill="${c}"/>
    <circle cx="200" cy="150" r="26" fill="#e5e7eb" stroke="#1f2937" stroke-width="5"/>
    <path d="M278 150 C 320 160, 330 230, 370 250" stroke="${c}" stroke-width="7" fill="none"/>`,
  board: (c) => `
    <rect x="110" y="120" width="180" height="110" rx="6" fill="#15803d" stroke="#1f2937" stroke-width="5"/>
    <rect x="135" y="145" width="40" height="30" fill="#111827"/><rect x="200" y="150" width="60" height="18" fill="#111827"/>
    <circle cx="240" cy="95" r="48" fill="#bfdbfe" fill-opacity="0.7" stroke="${c}" stroke-width="10"/>
    <path d="M80 260 L 320 260" stroke="#374151" stroke-width="14" stroke-linecap="round"/>`,
  supply: (c) => `
    <rect x="70" y="70" width="260" height="160" rx="12" fill="${c}" stroke="#1f2937" stroke-width="6"/>
    <rect x="92" y="92" width="96" height="40" rx="4" fill="#fef3c7" stroke="#1f2937" stroke-width="4"/>
    <rect x="92" y="142" width="96" height="40" rx="4" fill="#fef3c7" stroke="#1f2937" stroke-width="4"/>
    <circle cx="240" cy="115" r="20" fill="#374151"/><circle cx="290" cy="115" r="20" fill="#374151"/>
    <circle cx="240" cy="190" r="10" fill="#ef4444"/><circle cx="290" cy="190" r="10" fill="#111827"/>`,
  tweezers: (c) => `
    <path d="M200 40 L 170 260" stroke="${c}" stroke-width="14" stroke-linecap="round"/>
    <path d="M200 40 L 230 260" stroke="${c}" stroke-width="14" stroke-linecap="round"/>
    <path d="M140 60 L 120 260" stroke="#6b7280" stroke-width="10" stroke-linecap="round"/>
    <path d="M260 60 L 280 260" stroke="#6b7280" stroke-width="10" stroke-linecap="round"/>`,
  tip: (c) => `
    <rect x="40" y="132" width="170" height="36" rx="8" fill="#9ca3af" stroke="#1f2937" stroke-width="5"/>
    <path d="M210 132 L 330 140 L 352 150 L 330 160 L 210 168 Z" fill="${c}" stroke="#1f2937" stroke-width="5"/>
    <rect x="60" y="126" width="22" height="48" rx="4" fill="#374151"/>`,
  heater: (c) => `
    <rect x="90" y="120" width="200" height="60" rx="28" fill="${c}" stroke="#1f2937" stroke-width="6"/>
    <path d="M120 150 L 260 150" stroke="#b45309" stroke-width="5" stroke-dasharray="10 8"/>
    <path d="M290 140 C 330 140, 330 100, 360 90" stroke="#dc2626" stroke-width="6" fill="none"/>
    <path d="M290 160 C 330 160, 330 210, 360 220" stroke="#111827" stroke-width="6" fill="none"/>`,
  nozzle: (c) => `
    <rect x="140" y="50" width="120" height="60" rx="8" fill="#9ca3af" stroke="#1f2937" stroke-width="6"/>
    <path d="M150 110 L 250 110 L 222 240 L 178 240 Z" fill="${c}" stroke="#1f2937" stroke-width="6"/>
    <ellipse cx="200" cy="240" rx="22" ry="7" fill="#1f2937"/>`,
  leads: (c) => `
    <path d="M70 90 L 170 140" stroke="${c}" stroke-width="18" stroke-linecap="round"/>
    <path d="M70 200 L 170 160" stroke="#111827" stroke-width="18" stroke-linecap="round"/>
    <path d="M170 140 C 250 170, 280 60, 350 80" stroke="${c}" stroke-width="7" fill="none"/>
    <path d="M170 160 C 250 200, 300 250, 350 230" stroke="#111827" stroke-width="7" fill="none"/>
    <path d="M40 76 L 70 90 M40 214 L 70 200" stroke="#9ca3af" stroke-width="6"/>`,
  fuse: (c) => `
    <rect x="110" y="115" width="180" height="70" rx="10" fill="${c}" stroke="#1f2937" stroke-width="6"/>
    <rect x="80" y="108" width="44" height="84" rx="8" fill="#d1d5db" stroke="#1f2937" stroke-width="6"/>
    <rect x="276" y="108" width="44" height="84" rx="8" fill="#d1d5db" stroke="#1f2937" stroke-width="6"/>
    <text x="200" y="160" font-size="26" text-anchor="middle" fill="#1f2937" font-family="sans-serif">F</text>`,
  die: (c) => `
    <rect x="90" y="70" width="220" height="70" rx="8" fill="${c}" stroke="#1f2937" stroke-width="6"/>
    <rect x="90" y="160" width="220" height="70" rx="8" fill="${c}" stroke="#1f2937" stroke-width="6"/>
    <path d="M130 140 q 20 -30 40 0 M190 140 q 20 -30 40 0 M250 140 q 15 -22 30 0" stroke="#1f2937" stroke-width="5" fill="none"/>
    <path d="M130 160 q 20 30 40 0 M190 160 q 20 30 40 0 M250 160 q 15 22 30 0" stroke="#1f2937" stroke-width="5" fill="none"/>`,
  resistor: (c) => `
    <path d="M40 150 L 360 150" stroke="#9ca3af" stroke-width="6"/>
    <rect x="130" y="118" width="140" height="64" rx="26" fill="${c}" stroke="#1f2937" stroke-width="5"/>
    <rect x="158" y="118" width="12" height="64" fill="#92400e"/><rect x="184" y="118" width="12" height="64" fill="#111827"/>
    <rect x="210" y="118" width="12" height="64" fill="#f97316"/><rect x="244" y="118" width="10" height="64" fill="#ca8a04"/>`,
  capacitor: (c) => `
    <rect x="140" y="60" width="120" height="150" rx="14" fill="${c}" stroke="#1f2937" stroke-width="6"/>
    <rect x="140" y="60" width="26" height="150" fill="#e5e7eb" opacity="0.6"/>
    <path d="M180 210 L 180 270 M220 210 L 220 270" stroke="#9ca3af" stroke-width="6"/>
    <text x="215" y="145" font-size="34" text-anchor="middle" fill="#f9fafb" font-family="sans-serif">μF</text>`,
  header: (c) => `
    <rect x="70" y="160" width="260" height="40" rx="4" fill="${c}" stroke="#1f2937" stroke-width="5"/>
    ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${92 + i * 34}" y="90" width="10" height="150" fill="#eab308" stroke="#854d0e" stroke-width="2"/>`).join('')}`,
};

export const pictures = [
  ['soldering-station', 'station', '#f97316', '#fff7ed'],
  ['multimeter', 'meter', '#facc15', '#fefce8'],
  ['oscilloscope-probe', 'probe', '#3b82f6', '#eff6ff'],
  ['crimping-tool', 'pliers', '#dc2626', '#fef2f2'],
  ['hot-air-station', 'station', '#0ea5e9', '#f0f9ff'],
  ['wire-stripper', 'pliers', '#eab308', '#fefce8'],
  ['esd-tweezers', 'tweezers', '#7c3aed', '#f5f3ff'],
  ['desoldering-pump', 'probe', '#64748b', '#f8fafc'],
  ['bench-power-supply', 'supply', '#0f766e', '#f0fdfa'],
  ['clamp-meter', 'meter', '#ea580c', '#fff7ed'],
  ['logic-analyzer', 'supply', '#2563eb', '#eff6ff'],
  ['pcb-holder', 'board', '#4b5563', '#f3f4f6'],
  ['solder-wire', 'spool', '#a3a3a3', '#fafafa'],
  ['heat-shrink-kit', 'spool', '#16a34a', '#f0fdf4'],
  // The spare parts and components of the finder (demo-spares.ts).
  ['soldering-tip', 'tip', '#6b7280', '#fff7ed'],
  ['heating-element', 'heater', '#fde68a', '#fff7ed'],
  ['hot-air-nozzle', 'nozzle', '#cbd5e1', '#f0f9ff'],
  ['test-leads', 'leads', '#dc2626', '#fefce8'],
  ['meter-fuse', 'fuse', '#f5f5f4', '#fff7ed'],
  ['crimp-die', 'die', '#94a3b8', '#fef2f2'],
  ['chip-resistor', 'resistor', '#d6c3a5', '#f3f4f6'],
  ['capacitor', 'capacitor', '#1d4ed8', '#eff6ff'],
  ['pin-header', 'header', '#111827', '#f3f4f6'],
];

fs.mkdirSync(out, { recursive: true });
for (const [slug, shape, color, background] of pictures) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">
    <rect width="400" height="300" fill="${background}"/>${shapes[shape](color)}</svg>`;
  await sharp(Buffer.from(svg))
    .webp({ quality: 80 })
    .toFile(path.join(out, `${slug}.webp`));
}
console.log(`wrote ${pictures.length} pictures to ${out}`);

// The tool models' exploded drawings (drawn by hand as tools/*.svg) as the WebP the shop serves,
// 1,600 px wide: rasterised here, not when the shop seeds its demo (libvips would stay in a new
// shop's memory, about 65 MB of it).
const drawings = fs.readdirSync(path.join(out, 'tools')).filter((file) => file.endsWith('.svg'));
for (const file of drawings) {
  await sharp(path.join(out, 'tools', file), { density: 144 })
    .resize({ width: 1600 })
    .webp({ quality: 90 })
    .toFile(path.join(out, 'tools', file.replace(/\.svg$/, '.webp')));
}
console.log(`wrote ${drawings.length} drawings to ${path.join(out, 'tools')}`);
