import { PORTFOLIO_MESSAGES, PORTFOLIO_WIDTHS } from '@barberly/common';
import sharp, { type Metadata } from 'sharp';
import { badRequest } from '../../platform/http/errors';

/** The formats a barber may upload, as sharp names them (AVIF is read by libheif: 'heif' with compression av1). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);
/** A 100-megapixel limit keeps a decompression bomb from taking the machine's memory. */
const MAX_PIXELS = 100_000_000;

export interface EncodedImage {
  width: number;
  height: number;
  /** One file per format and width: 'webp-640' → bytes. */
  files: Array<{ format: 'webp' | 'avif'; width: number; body: Buffer }>;
}

/**
 * Decodes the upload and writes it again (issue 26 item 3): three widths (320, 640, 1280; never enlarged) in WebP and
 * AVIF, turned upright by its EXIF orientation first. Nothing of the original's metadata is copied (sharp drops
 * EXIF, GPS, XMP and ICC unless asked to keep them), so where a photo was taken does not travel with it. Bytes that
 * do not decode as a JPEG, PNG, WebP or AVIF picture are refused in words; nothing is stored for them.
 */
export async function encodePortfolioImage(input: Buffer): Promise<EncodedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw badRequest(PORTFOLIO_MESSAGES.notImage, { image: PORTFOLIO_MESSAGES.notImage });
  }
  const isAvif = meta.format === 'heif' && meta.compression === 'av1';
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.format === 'heif' && !isAvif)) {
    throw badRequest(PORTFOLIO_MESSAGES.notImage, { image: PORTFOLIO_MESSAGES.notImage });
  }
  try {
    // Decode once (upright, sRGB), then encode each size from the decoded pixels.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    const files: EncodedImage['files'] = [];
    for (const width of PORTFOLIO_WIDTHS) {
      const resized = () => sharp(data, raw).resize({ width, withoutEnlargement: true });
      files.push({ format: 'webp', width, body: await resized().webp({ quality: 78 }).toBuffer() });
      // effort 2: AVIF's default (4) costs several times the CPU for a few per cent of bytes.
      files.push({ format: 'avif', width, body: await resized().avif({ quality: 55, effort: 2 }).toBuffer() });
    }
    return { width: info.width, height: info.height, files };
  } catch {
    throw badRequest(PORTFOLIO_MESSAGES.notImage, { image: PORTFOLIO_MESSAGES.notImage });
  }
}
