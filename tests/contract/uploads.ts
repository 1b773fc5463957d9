import { expect, it } from 'vitest';
import type { Identity } from '~/server/core/ports';
import { assertMatchesContract } from './responses';
import { type ContractApi, ONE_PIXEL_PNG, SHOPPER } from './suiteApi';

/** POST /uploads: images recognised by their content. */
export function uploadTests({ backend }: ContractApi) {
  const PNG = Uint8Array.from(atob(ONE_PIXEL_PNG), (c) => c.charCodeAt(0));
  async function upload(bytes: Uint8Array, filename: string, as?: Identity) {
    const form = new FormData();
    form.set('file', new File([bytes as BlobPart], filename));
    const headers: Record<string, string> = as ? { authorization: `Bearer ${await backend().tokenFor(as)}` } : {};
    const response = await fetch(`${backend().baseUrl}/uploads`, { method: 'POST', body: form, headers });
    const body = (await response.json()) as unknown;
    assertMatchesContract('post', '/uploads', response.status, body);
    return { status: response.status, body: body as any };
  }

  it('takes one image recognised by its content, not its name', async () => {
    expect((await upload(PNG, 'a.png')).status).toBe(401);
    expect((await upload(PNG, 'photo.txt', SHOPPER)).status).toBe(201);
    const text = await upload(new TextEncoder().encode('not an image'), 'fake.png', SHOPPER);
    expect(text.status).toBe(400);
    expect(text.body.error.field).toBe('file');
  });
}
