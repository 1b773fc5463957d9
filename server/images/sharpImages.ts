import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { ApiError, badRequest } from '../core/errors';
import { MAX_UPLOAD_PIXELS } from '../core/images';
import type { ImageStore } from '../core/ports';

export const UPLOAD_WIDTH = 800;

const unreadable = () => badRequest('The image could not be read.', 'file');

/**
 * Reads the image with sharp (so its bytes, not its name, decide), resizes it
 * to 800 px and stores WebP under dir. Its size is read from the header
 * first, and decoding is capped too, so a small file that would expand to
 * gigabytes of pixels is refused before it is decoded.
 */
export function sharpImages(dir: string, publicPath = '/uploads'): ImageStore {
  return {
    async save(file) {
      // Reading the metadata decodes no pixels, whatever their number.
      const { width, height } = await sharp(file.bytes, { limitInputPixels: false })
        .metadata()
        .catch(() => {
          throw unreadable();
        });
      if (!width || !height) throw unreadable();
      if (width * height > MAX_UPLOAD_PIXELS)
        throw new ApiError(413, `The image must be ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels or smaller.`, 'file');
      let webp: Buffer;
      try {
        webp = await sharp(file.bytes, { limitInputPixels: MAX_UPLOAD_PIXELS })
          .rotate()
          .resize({ width: UPLOAD_WIDTH, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw unreadable();
      }
      await mkdir(dir, { recursive: true });
      const name = `${crypto.randomUUID()}.webp`;
      await writeFile(join(dir, name), webp);
      return `${publicPath}/${name}`;
    },
  };
}
