import { request } from 'node:http';

export interface Answer {
  status: number;
  type: string;
  text: string;
}

/**
 * Sends the request to `origin` as written: each value of a header on a line
 * of its own (fetch would join them into one), the body encoded as fetch
 * encodes it, with the content-type fetch gives a string or a form unless
 * the request names one.
 */
export async function sendRaw(
  origin: string,
  method: string,
  url: string,
  headers: Record<string, string | string[]>,
  body?: string | FormData,
): Promise<Answer> {
  const encoded = body === undefined ? undefined : new Request(origin, { method: 'POST', body });
  const bytes = encoded && Buffer.from(await encoded.arrayBuffer());
  const namesType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  const type = !namesType && encoded?.headers.get('content-type');
  const lines = { ...(type ? { 'content-type': type } : {}), ...headers, ...(bytes ? { 'content-length': String(bytes.length) } : {}) };
  return new Promise((resolve, reject) => {
    const sent = request(new URL(origin + url), { method, headers: lines }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          type: response.headers['content-type'] ?? '',
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    sent.on('error', reject);
    sent.end(bytes);
  });
}
