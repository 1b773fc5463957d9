import { ApiError } from './errors';

export type ImageType = 'png' | 'jpeg' | 'tiff';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const imageTooLarge = () => new ApiError(413, 'The image must be 5 MB or smaller.', 'file');
/** Width x height an upload may have: a phone photo fits; a small file that would decode to gigabytes does not. */
export const MAX_UPLOAD_PIXELS = 50_000_000;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, i) => bytes[i] === byte);

/** PNG, JPEG (.jpg, .jpeg, .jfif) or TIFF, told by the file's first bytes, never its name. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  return null;
}
