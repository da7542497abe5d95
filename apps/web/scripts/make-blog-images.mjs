// Draws the blog's illustrations as small WebP files (run once; the output is committed).
// Usage: node scripts/make-blog-images.mjs
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../src/content/images');

const pictures = [
  ['blog-performance', 500, '#1e3a8a', '#facc15'],
  ['blog-state', 350, '#0f766e', '#f97316'],
  ['blog-prototypes', 600, '#7c3aed', '#fde68a'],
  ['blog-immutable-state', 500, '#b91c1c', '#fef3c7'],
  ['blog-search', 350, '#0369a1', '#bbf7d0'],
  ['blog-unit-tests', 600, '#15803d', '#fde047'],
];

function drawing(height, main, accent, seed) {
  const shapes = [];
  for (let i = 0; i < 7; i++) {
    const x = 60 + ((i * 137 + seed * 53) % 680);
    const y = 40 + ((i * 89 + seed * 31) % (height - 80));
    const r = 20 + ((i * 23 + seed * 7) % 60);
    shapes.push(
      i % 2 === 0
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${accent}" fill-opacity="0.75"/>`
        : `<rect x="${x - r}" y="${y - r / 2}" width="${r * 2}" height="${r}" rx="8" fill="#ffffff" fill-opacity="0.3"/>`,
    );
  }
  const lines = Array.from(
    { length: 5 },
    (_, i) =>
      `<path d="M0 ${height * (0.2 + i * 0.15)} C 250 ${height * (0.1 + i * 0.17)}, 550 ${height * (0.35 + i * 0.12)}, 800 ${height * (0.18 + i * 0.15)}" stroke="#ffffff" stroke-opacity="0.25" stroke-width="3" fill="none"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="${height}" viewBox="0 0 800 ${height}">
    <rect width="800" height="${height}" fill="${main}"/>${lines.join('')}${shapes.join('')}</svg>`;
}

for (const [index, [name, height, main, accent]] of pictures.entries()) {
  await sharp(Buffer.from(drawing(height, main, accent, index + 1)))
    .webp({ quality: 70 })
    .toFile(path.join(out, `${name}.webp`));
}
console.log(`wrote ${pictures.length} pictures to ${out}`);
