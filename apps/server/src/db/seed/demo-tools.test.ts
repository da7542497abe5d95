import { expect } from 'vitest';
import { test } from '../../test-support/fixture.js';
import { DEMO_SPARE_PARTS, DEMO_TOOLS } from './demo-tools.js';

test.override('shopOptions', { demo: true });

test('the demo shop has four tool models, each drawing with 4–8 hotspots on its parts list', async ({
  as,
}) => {
  const res = await as(null).get('/api/tools');
  expect(res.statusCode).toBe(200);
  const tools = res.json();
  expect(tools.map((tool: { model: string }) => tool.model).sort()).toEqual(
    DEMO_TOOLS.map((tool) => tool.model).sort(),
  );
  for (const tool of tools) {
    expect(tool.diagrams).toHaveLength(1);
    const [diagram] = tool.diagrams;
    expect(diagram.hotspots.length).toBeGreaterThanOrEqual(4);
    expect(diagram.hotspots.length).toBeLessThanOrEqual(8);
    const listed = new Set(tool.parts.map((part: { partsId: string }) => part.partsId));
    for (const spot of diagram.hotspots) expect(listed.has(spot.partsId)).toBe(true);
    expect(tool.parts.some((part: { wear: boolean }) => part.wear)).toBe(true);
    for (const part of tool.parts) expect(part.part).toBeDefined();
    const picture = await as(null).get(diagram.img);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
  }
});

test('every spare part of the demo tools is in the catalog, once', async ({ as }) => {
  for (const part of DEMO_SPARE_PARTS) {
    const res = await as(null).get(`/api/parts?${new URLSearchParams({ q: part.name })}`);
    expect(res.json().filter((found: { name: string }) => found.name === part.name)).toHaveLength(1);
  }
});
