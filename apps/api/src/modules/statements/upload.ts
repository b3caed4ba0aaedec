import {
  type CsvMapping,
  csvMappingSchema,
  statementsMessages as msg,
  type StatementFormat,
  statementFormatSchema,
} from '@spedycja/domain';
import type { FastifyRequest } from 'fastify';
import { fieldViolation } from '../../http/errors.ts';
import { readFileForm } from '../../http/fileForm.ts';

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
  const { file, fields } = await readFileForm(request, {
    maxBytes: STATEMENT_MAX_BYTES,
    fieldSize: 5000,
    missing: msg.fileMissing,
    tooLarge: msg.fileTooLarge,
  });
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
