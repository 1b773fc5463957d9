import { created, requireUser, type Operations } from '../context';
import { ApiError, badRequest } from '../errors';
import { MAX_UPLOAD_BYTES, sniffImageType } from '../images';

export const uploadOperations: Pick<Operations, 'uploadImage'> = {
  async uploadImage(ctx, { file }) {
    requireUser(ctx);
    if (!file) throw badRequest('Choose one image file.', 'file');
    if (file.bytes.byteLength > MAX_UPLOAD_BYTES) throw new ApiError(413, 'The image must be 5 MB or smaller.', 'file');
    const type = sniffImageType(file.bytes);
    if (!type) throw badRequest('The file must be a PNG, JPEG, JPG, JFIF or TIFF image.', 'file');
    return created({ url: await ctx.images.save(file, type) });
  },
};
