import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Navbar } from './navbar';

/**
 * index.html carries the navigation bar as a visitor first sees it, so a phone paints the page's
 * frame as soon as the HTML and the stylesheet arrive, before the script (React replaces it with
 * the same bar). It must stay the bar the app renders, or the page would jump when React starts.
 */
const indexHtml = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');

function shellOf(html: string): string {
  const match = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html);
  return (match?.[1] ?? '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .trim();
}

describe('the page shell in index.html', () => {
  it('is the navigation bar as the app first renders it for a visitor, on a page none of its links is', () => {
    const bar = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/page-shell']}>
        <Navbar />
      </MemoryRouter>,
    );
    const expected = `<div class="flex min-h-screen flex-col">${bar}</div>`;
    expect(shellOf(indexHtml), `index.html's #root should hold:\n${expected}`).toBe(expected);
  });
});
