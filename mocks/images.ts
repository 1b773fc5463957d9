import type { ImageStore } from '~/server/core/ports';

const MIME = { png: 'image/png', jpeg: 'image/jpeg', tiff: 'image/tiff' } as const;

/** Keeps an upload in memory and answers an object URL for it (the real server stores and converts it). */
export const memoryImages: ImageStore = {
  async save(file, type) {
    return URL.createObjectURL(new Blob([file.bytes as BlobPart], { type: MIME[type] }));
  },
};
