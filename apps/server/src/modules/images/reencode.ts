import { AppError } from '../../http/app-error.js';

/** Pictures up to this many pixels are decoded; a small file claiming more is a decompression bomb. */
export const MAX_PIXELS = 25_000_000;
/** Stored pictures fit in this square: enough for any product page, small for a phone. */
const MAX_SIDE = 1600;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

const notAnImage = () =>
  new AppError('unsupported_media_type', 'The file is not a picture: send a JPEG, PNG, WebP, GIF or AVIF');

/**
 * Decodes the upload with sharp and re-encodes it as WebP without its metadata (camera, place),
 * so what is stored is a picture and nothing else, whatever the upload pretended to be.
 */
export async function reencodeAsWebp(bytes: Buffer): Promise<Buffer> {
  // Loaded with the first upload: libvips is a good part of the shop's memory, and most servers
  // never see an upload.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    // Reads the header only: no pixel is decoded yet.
    ({ format, width = 0, height = 0 } = await sharp(bytes).metadata());
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED.has(format)) throw notAnImage();
  if (width * height > MAX_PIXELS) {
    throw new AppError('too_large', `The picture is too large: at most ${MAX_PIXELS / 1_000_000} megapixels`);
  }
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A truncated or corrupt file fails here.
    throw notAnImage();
  }
}
