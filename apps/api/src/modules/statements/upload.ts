import {
  type CsvMapping,
  csvMappingSchema,
  statementsMessages as msg,
  type StatementFormat,
  statementFormatSchema,
} from '@spedycja/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldViolation } from '../../http/errors.ts';
import { MultipartFingerprint } from '../../http/idempotency.ts';

export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

export type StatementUpload = { data: Buffer; fileName: string; format?: StatementFormat; mapping?: CsvMapping };
const uploads = new WeakMap<FastifyRequest, StatementUpload>();

/** The upload read by `readStatementUpload` before the request's transaction. */
export function statementUploadOf(request: FastifyRequest): StatementUpload {
  const upload = uploads.get(request);
  if (!upload) throw fieldViolation('file', msg.fileMissing);
  return upload;
}

/** Reads the multipart form (`file`, optional `format`, `mapping` as JSON) before any transaction is open. */
export async function readStatementUpload(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', msg.fileMissing);
  let file: { data: Buffer; name: string } | undefined;
  const fields: Record<string, string> = {};
  const fingerprint = new MultipartFingerprint();
  try {
    for await (const part of request.parts({
      limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 5000, parts: 6 },
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large', msg.fileTooLarge);
    if (code?.startsWith('FST_')) throw new AppError(400, 'bad_request', msg.fileMissing);
    throw error;
  }
  fingerprint.attach(request);
  if (!file || file.data.length === 0) throw fieldViolation('file', msg.fileMissing);
  let format: StatementFormat | undefined;
  if (fields.format) {
    const parsed = statementFormatSchema.safeParse(fields.format);
    if (!parsed.success) throw fieldViolation('format', msg.unreadable);
    format = parsed.data;
  }
  let mapping: CsvMapping | undefined;
  if (fields.mapping) {
    let json: unknown;
    try {
      json = JSON.parse(fields.mapping);
    } catch {
      throw fieldViolation('mapping', msg.mappingInvalid);
    }
    const parsed = csvMappingSchema.safeParse(json);
    if (!parsed.success) throw fieldViolation('mapping', msg.mappingInvalid);
    mapping = parsed.data;
  }
  const fileName = (file.name || 'wyciag').replace(/[^\p{L}\p{N} ._-]/gu, '_').slice(0, 200);
  uploads.set(request, { data: file.data, fileName, format, mapping });
}
