import { api } from './client';

/** POST /uploads with one file; answers the stored image's URL, or the API's message. */
export async function uploadImage(file: File): Promise<{ url: string } | { error: string }> {
  const { data, error } = await api.POST('/uploads', {
    body: { file: file as unknown as string },
    bodySerializer: (body) => {
      const form = new FormData();
      form.set('file', body.file as unknown as File);
      return form;
    },
  });
  return data ? { url: data.url } : { error: error?.error.message ?? 'The image could not be uploaded.' };
}
