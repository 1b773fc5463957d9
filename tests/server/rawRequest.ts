import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request as a browser sends it, through node:http so nothing is decoded: the body as sent (still compressed). */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response
        .on('data', (chunk: Buffer) => chunks.push(chunk))
        .on('end', () => done({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
        .on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}
