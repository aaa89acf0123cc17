import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStorableText } from '@portal/shared';
import { AppError } from './errors.js';
import { invalidCharacters } from './storable-text.js';

export interface UploadedFile {
  /** The name the caller gave it, as sent. */
  name: string;
  bytes: Buffer;
}

/**
 * Multipart bodies for the routes of the calling plugin alone (the rest of the API reads JSON):
 * one part, a file of at most `maxBytes`.
 */
export async function acceptFileUploads(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } });
}

/**
 * The one file of a multipart request, read to its end. Whatever is wrong with the body is the
 * caller's fault, never a 500: not multipart is 415, a body cut short or not multipart inside
 * (the parser's own errors carry no status) is 400 FORMAT_ERROR, more than one part or a file over
 * the limit is 413, no file is MISS_PARAMETER, and a file name the database cannot store is 400
 * INVALID_CHARACTERS (the global check sees no multipart body).
 */
export async function readFileUpload(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  let file: UploadedFile | undefined;
  try {
    // Read to the end, so that a second part or a missing end is seen rather than ignored.
    for await (const part of request.parts()) {
      if (part.type === 'file') file = { name: part.filename, bytes: await part.toBuffer() };
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new AppError(400, 'FORMAT_ERROR');
  }
  if (!file) throw new AppError(400, 'MISS_PARAMETER');
  if (isStorableText(file.name) !== true) throw invalidCharacters('file');
  return file;
}
