import { buildHeaders } from '../../../lib/api/api-client';
import { ApiError } from '../../../lib/api/api-error';

export interface UploadRequest {
  done: Promise<void>;
  abort: () => void;
}

/**
 * PUTs one file as the request body by XMLHttpRequest, which reports upload progress (fetch does
 * not), with the headers of every API call (token, language, log code). `done` fails with an
 * ApiError as the api client's calls do, or an AbortError once aborted.
 */
export function sendFile(url: string, file: File, onProgress: (fraction: number) => void): UploadRequest {
  const xhr = new XMLHttpRequest();
  const done = new Promise<void>((resolve, reject) => {
    xhr.open('PUT', url);
    buildHeaders({}, false).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      let msg = '';
      try {
        const body = JSON.parse(xhr.responseText) as { msg?: unknown };
        if (typeof body.msg === 'string') msg = body.msg;
      } catch {
        // A body that is not the API's JSON: the status alone names the failure.
      }
      reject(new ApiError(xhr.status, msg));
    };
    xhr.onerror = () => reject(new ApiError(0, 'networkError'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
