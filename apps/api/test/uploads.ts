// Files and multipart bodies for the upload tests (registration documents, ticket files).

/** A PNG signature with some bytes after it: enough for the content check. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64),
]);
export const PDF = Buffer.from('%PDF-1.4\n%test\n');

export const MULTIPART_BOUNDARY = '----portaltest';

/** An upload's request: one part named "file", as a browser's form sends it. */
export function multipart(name: string, bytes: Buffer, type = 'application/octet-stream') {
  const payload = Buffer.concat([
    Buffer.from(
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`),
  ]);
  return {
    body: payload,
    headers: { 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
  };
}
