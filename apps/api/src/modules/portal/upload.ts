import {
  DOCUMENT_MAX_BYTES,
  type DocumentKind,
  documentKindSchema,
  portalInvoiceFiguresSchema,
  portalMessages,
} from '@spedycja/domain';
import type { FastifyRequest } from 'fastify';
import type { FileStore } from '../../files/store.ts';
import { AppError, fieldViolation } from '../../http/errors.ts';
import { MultipartFingerprint } from '../../http/idempotency.ts';
import { safeFileName, sniffContentType } from './repository.ts';

export type Upload = {
  kind: DocumentKind;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  /** An invoice's number, issue date and gross (grosze) as its sender typed them (issue 38); null otherwise. */
  invoiceNumber: string | null;
  invoiceIssueDate: string | null;
  invoiceGrossAmount: number | null;
};

const FIGURE_FIELDS = ['invoiceNumber', 'invoiceIssueDate', 'invoiceGrossAmount'];

const uploads = new WeakMap<FastifyRequest, Upload>();

/** The upload read by `readUpload` before the request's transaction. */
export function uploadOf(request: FastifyRequest): Upload {
  const upload = uploads.get(request);
  if (!upload) throw fieldViolation('file', portalMessages.fileMissing);
  return upload;
}

/**
 * Reads a multipart upload (`file`, `kind`, and with an invoice `invoiceNumber`, `invoiceIssueDate`,
 * `invoiceGrossAmount`, each optional: a 422 naming the field when it is given wrong) before any transaction is open: at most 20 MB (413 beyond it), a PDF,
 * JPEG, PNG or HEIC by its first bytes (415 otherwise), then puts the bytes in the store. Nothing is recorded here.
 */
export async function readUpload(request: FastifyRequest, store: FileStore): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', portalMessages.fileMissing);
  let kind: unknown;
  const figures: Record<string, unknown> = {};
  let file: { data: Buffer; name: string } | undefined;
  const fingerprint = new MultipartFingerprint();
  try {
    for await (const part of request.parts({
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        fingerprint.file(part.fieldname, part.filename, data);
        if (part.fieldname !== 'file' || file) continue;
        file = { data, name: part.filename };
      } else {
        fingerprint.field(part.fieldname, String(part.value));
        if (part.fieldname === 'kind') kind = part.value;
        else if (FIGURE_FIELDS.includes(part.fieldname)) figures[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large', portalMessages.fileTooLarge);
    if (code?.startsWith('FST_')) throw new AppError(400, 'bad_request', portalMessages.fileMissing);
    throw error;
  }
  fingerprint.attach(request);
  const parsedKind = documentKindSchema.safeParse(kind ?? 'other');
  if (!parsedKind.success) throw fieldViolation('kind', portalMessages.kindInvalid);
  const parsedFigures = portalInvoiceFiguresSchema.safeParse(parsedKind.data === 'invoice' ? figures : {});
  if (!parsedFigures.success) {
    const issue = parsedFigures.error.issues[0];
    throw fieldViolation(String(issue?.path[0] ?? 'invoiceNumber'), issue?.message ?? portalMessages.fileMissing);
  }
  if (!file || file.data.length === 0) throw fieldViolation('file', portalMessages.fileMissing);
  if (file.data.length > DOCUMENT_MAX_BYTES) throw new AppError(413, 'file_too_large', portalMessages.fileTooLarge);
  const contentType = sniffContentType(file.data);
  if (!contentType) throw new AppError(415, 'unsupported_media_type', portalMessages.fileType);
  const { sha256, size } = await store.put(file.data);
  const upload = {
    kind: parsedKind.data,
    fileName: safeFileName(file.name, contentType),
    contentType,
    size,
    sha256,
    invoiceNumber: parsedFigures.data.invoiceNumber ?? null,
    invoiceIssueDate: parsedFigures.data.invoiceIssueDate ?? null,
    invoiceGrossAmount: parsedFigures.data.invoiceGrossAmount ?? null,
  };
  uploads.set(request, upload);
  return upload;
}
