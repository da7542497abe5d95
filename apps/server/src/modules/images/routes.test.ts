import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { type Caller, test } from '../../test-support/fixture.js';

function multipart(file: { field?: string; filename: string; type: string; bytes: Buffer }) {
  const boundary = `----shop${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(caller: Caller, file: Parameters<typeof multipart>[0]) {
  const body = multipart(file);
  return caller.post('/api/images', body.payload, body.headers);
}

const picture = (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
    [format]()
    .toBuffer();

/** A valid PNG of `side`×`side` 1-bit pixels, all black: a few KB that would decode to a huge bitmap. */
function pngBomb(side: number): Buffer {
  const crc32 = (bytes: Buffer) => {
    let c = ~0;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/images', () => {
  test.for(['png', 'jpeg'] as const)(
    'stores a %s as WebP without its metadata and serves it',
    async (format, { as, admin }) => {
      const res = await upload(as(admin), {
        filename: `part.${format}`,
        type: `image/${format}`,
        bytes: await picture(format),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        status: 200,
        success: true,
        data: { url: expect.stringMatching(/^\/api\/images\/[0-9a-f]{64}\.webp$/) },
      });
      const served = await as(null).get(body.data.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes('secret camera owner')).toBe(false);
    },
  );

  test('stores by content: a `../` in the file name reaches nothing outside the uploads', async ({
    shop,
    as,
    admin,
  }) => {
    const res = await upload(as(admin), {
      filename: '../../../escaped.png',
      type: 'image/png',
      bytes: await picture('png'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.url).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);
    // Nothing of that name in the shop's folders, nor where the `../` would lead from the uploads.
    // (Not a scan of the whole temporary folder: other programs' files come and go there.)
    const inShop = fs.readdirSync(shop.dataDir, { recursive: true }).map(String);
    expect(inShop.filter((f) => f.includes('escaped'))).toEqual([]);
    for (let up = 1; up <= 5; up++) {
      expect(fs.existsSync(path.resolve(shop.config.uploadsDir, '../'.repeat(up), 'escaped.png'))).toBe(
        false,
      );
    }
  });

  test.for([
    [
      'a text file named .png',
      { filename: 'notes.png', type: 'image/png', bytes: Buffer.from('just some text, not a picture') },
    ],
    [
      'an SVG with a script',
      {
        filename: 'logo.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        ),
      },
    ],
    [
      'an HTML page',
      {
        filename: 'page.png',
        type: 'image/png',
        bytes: Buffer.from('<html><script>alert(1)</script></html>'),
      },
    ],
  ] as const)('refuses %s with 415', async ([, file], { as, admin }) => {
    const res = await upload(as(admin), file);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  test('refuses a truncated picture with 415', async ({ as, admin }) => {
    const whole = await picture('png');
    const res = await upload(as(admin), {
      filename: 'cut.png',
      type: 'image/png',
      bytes: whole.subarray(0, Math.floor(whole.length / 2)),
    });
    expect(res.statusCode).toBe(415);
  });

  test('refuses a 16k×16k PNG of a few KB (a decompression bomb) without decoding it', async ({
    as,
    admin,
  }) => {
    const bomb = pngBomb(16_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const before = process.memoryUsage().rss;
    const res = await upload(as(admin), { filename: 'bomb.png', type: 'image/png', bytes: bomb });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toMatch(/megapixels/);
    // 256 million pixels decoded would take hundreds of MiB.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  test('refuses a file over 5 MiB with 413', async ({ as, admin }) => {
    const res = await upload(as(admin), {
      filename: 'huge.png',
      type: 'image/png',
      bytes: Buffer.alloc(6 * 1024 * 1024, 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('too_large');
  });

  test('wants the picture in the field image, as multipart', async ({ as, admin }) => {
    const wrongField = await upload(as(admin), {
      field: 'file',
      filename: 'p.png',
      type: 'image/png',
      bytes: await picture('png'),
    });
    expect(wrongField.statusCode).toBe(400);
    const json = await as(admin).post('/api/images', { image: 'x' });
    expect(json.statusCode).toBe(415);
  });

  test('is for admins only', async ({ as, buyer }) => {
    const bytes = await picture('png');
    expect((await upload(as(null), { filename: 'p.png', type: 'image/png', bytes })).statusCode).toBe(401);
    expect((await upload(as(buyer), { filename: 'p.png', type: 'image/png', bytes })).statusCode).toBe(403);
  });

  test('leaves JSON-only routes refusing multipart with 415', async ({ as }) => {
    const body = multipart({ filename: 'p.png', type: 'image/png', bytes: Buffer.from('x') });
    const res = await as(null).post('/api/auth/login', body.payload, body.headers);
    expect(res.statusCode).toBe(415);
  });
});
