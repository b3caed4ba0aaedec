import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { MultipartFingerprint } from './idempotency.ts';

/**
 * A multipart form of one file (`file`) and a few text fields, read whole before any transaction opens, its
 * fingerprint attached for the Idempotency-Key (http/idempotency.ts). Not multipart: 415; the file over `maxBytes`:
 * 413; a broken form: 400; each with the caller's Polish message. The file is undefined when none was sent.
 */
export async function readFileForm(
  request: FastifyRequest,
  options: { maxBytes: number; fieldSize: number; missing: string; tooLarge: string },
): Promise<{ file: { data: Buffer; name: string } | undefined; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', options.missing);
  let file: { data: Buffer; name: string } | undefined;
  const fields: Record<string, string> = {};
  const fingerprint = new MultipartFingerprint();
  try {
    for await (const part of request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 5, fieldSize: options.fieldSize, parts: 6 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        fingerprint.file(part.fieldname, part.filename, data);
        if (part.fieldname === 'file' && !file) file = { data, name: part.filename };
      } else if (typeof part.value === 'string') {
        fingerprint.field(part.fieldname, part.value);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large', options.tooLarge);
    if (code?.startsWith('FST_')) throw new AppError(400, 'bad_request', options.missing);
    throw error;
  }
  fingerprint.attach(request);
  return { file, fields };
}
