import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { badRequest } from '../core/errors';
import type { ImageStore } from '../core/ports';

export const UPLOAD_WIDTH = 800;

/** Reads the image with sharp (so its bytes, not its name, decide), resizes it to 800 px and stores WebP under dir. */
export function sharpImages(dir: string, publicPath = '/uploads'): ImageStore {
  return {
    async save(file) {
      let webp: Buffer;
      try {
        webp = await sharp(file.bytes).rotate().resize({ width: UPLOAD_WIDTH, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
      } catch {
        throw badRequest('The image could not be read.', 'file');
      }
      await mkdir(dir, { recursive: true });
      const name = `${crypto.randomUUID()}.webp`;
      await writeFile(join(dir, name), webp);
      return `${publicPath}/${name}`;
    },
  };
}
