import { created, requireUser, type Operations } from '../context';
import { badRequest } from '../errors';
import { imageTooLarge, MAX_UPLOAD_BYTES, sniffImageType } from '../images';

export const uploadOperations: Pick<Operations, 'uploadImage'> = {
  async uploadImage(ctx, { readFile }) {
    requireUser(ctx);
    const file = await readFile();
    if (!file) throw badRequest('Choose one image file.', 'file');
    if (file.bytes.byteLength > MAX_UPLOAD_BYTES) throw imageTooLarge();
    const type = sniffImageType(file.bytes);
    if (!type) throw badRequest('The file must be a PNG, JPEG, JPG, JFIF or TIFF image.', 'file');
    return created({ url: await ctx.images.save(file, type) });
  },
};
