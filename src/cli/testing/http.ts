import { connect } from 'node:net';
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body as JSON (undefined when it is none). */
  json: unknown;
}

export interface Ask {
  method?: string;
  headers?: OutgoingHttpHeaders;
  body?: Uint8Array | string;
  /** Send the body in chunks, with no Content-Length. */
  chunked?: boolean;
}

/** One request through node:http, Host and all headers as written (fetch() sets Host itself), on a fresh connection. */
export function ask(port: number, path: string, { method = 'GET', headers = {}, body, chunked = false }: Ask = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const length = body === undefined || chunked ? {} : { 'content-length': Buffer.byteLength(body) };
    const req = request({ host: '127.0.0.1', port, path, method, agent: false, headers: { ...length, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        let json: unknown;
        try {
          json = JSON.parse(bytes.toString('utf8'));
        } catch {
          json = undefined;
        }
        done({ status: res.statusCode ?? 0, headers: res.headers, body: bytes, json });
      });
    });
    req.on('error', fail);
    if (chunked && body !== undefined) {
      const bytes = Buffer.from(body);
      for (let at = 0; at < bytes.length; at += 4096) req.write(bytes.subarray(at, at + 4096));
    }
    req.end(chunked ? undefined : body);
  });
}

/** Bytes written to the port as given (no Host, HTTP/1.0, oversized headers…), then the socket ended: the whole answer as text. */
export function rawRequest(port: number, text: string | Buffer): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => done(answer));
    socket.on('error', fail);
  });
}
