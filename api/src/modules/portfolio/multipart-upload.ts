import { PORTFOLIO_LIMITS, PORTFOLIO_MESSAGES } from '@barberly/common';
import busboy from 'busboy';
import type { Request } from 'express';
import { badRequest, HttpError } from '../../platform/http/errors';

const tooLarge = () =>
  new HttpError(413, 'payload_too_large', PORTFOLIO_MESSAGES.tooLarge, { image: PORTFOLIO_MESSAGES.tooLarge });

/**
 * Reads the one file of a multipart/form-data request (field `field`) into memory, counting bytes as they arrive:
 * past `maxBytes` it stops reading and answers 413, so an 11 MB upload never sits whole in memory (busboy's
 * fileSize limit truncates the stream and we refuse it). Other fields are ignored; a second file is ignored.
 */
export function readSingleFile(
  req: Request,
  field = 'image',
  maxBytes: number = PORTFOLIO_LIMITS.maxBytes,
): Promise<Buffer> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    return Promise.reject(badRequest(PORTFOLIO_MESSAGES.missing, { image: PORTFOLIO_MESSAGES.missing }));
  }
  // A declared body far past the limit is refused before reading it.
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes + 64 * 1024) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise<Buffer>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes, fields: 10, parts: 12 } });
    } catch {
      reject(badRequest(PORTFOLIO_MESSAGES.missing, { image: PORTFOLIO_MESSAGES.missing }));
      return;
    }
    let file: Buffer | null = null;
    let failed: HttpError | null = null;
    let pending: Promise<void> = Promise.resolve();
    parser.on('file', (name, stream) => {
      if (name !== field || file || failed) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      pending = new Promise<void>((done) => {
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => {
          failed = tooLarge();
          chunks.length = 0;
          stream.resume();
        });
        stream.on('end', () => {
          if (!failed) file = Buffer.concat(chunks);
          done();
        });
      });
    });
    parser.on('error', () => {
      failed ??= badRequest(PORTFOLIO_MESSAGES.missing, { image: PORTFOLIO_MESSAGES.missing });
    });
    parser.on('close', () => {
      void pending.then(() => {
        if (failed) reject(failed);
        else if (!file || file.length === 0) {
          reject(badRequest(PORTFOLIO_MESSAGES.missing, { image: PORTFOLIO_MESSAGES.missing }));
        } else resolve(file);
      });
    });
    req.on('aborted', () => reject(badRequest(PORTFOLIO_MESSAGES.missing)));
    req.pipe(parser);
  });
}
