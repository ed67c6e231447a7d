/** A signed upload URL as generateUploadUrl answers it. */
export type UploadTarget = { uploadUrl: string; method: string; headers: readonly { name: string; value: string }[] };

/** The PUT did not store the file: the storage's own message when it gave one. */
export class UploadTransferError extends Error {
  override name = 'UploadTransferError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The person (or a page leaving) stopped the transfer. */
export class UploadAbortedError extends Error {
  override name = 'AbortError';
  constructor() {
    super('The upload was cancelled.');
  }
}

/** The message of the API's JSON error shape (the local storage route), if the body is one. */
const messageOf = (body: string): string | null => {
  try {
    const parsed = JSON.parse(body) as { errors?: { message?: unknown }[] };
    const message = parsed.errors?.[0]?.message;
    return typeof message === 'string' && message ? message : null;
  } catch {
    return null;
  }
};

const failureText = (status: number, body: string) => {
  if (status === 0) return 'The connection was lost while sending the file. Check your network and try again.';
  const own = messageOf(body);
  if (own) return own;
  if (status === 403) return 'The upload link was refused or has expired. Try again for a new link.';
  if (status === 413) return 'The storage refused the file as too large.';
  return `The storage did not accept the file (HTTP ${status}).`;
};

/**
 * Sends a file's bytes to its signed URL with XMLHttpRequest (fetch reports no upload progress), with
 * the headers the URL was signed for. The browser streams the file from disk; it is never read into
 * memory here. Progress is reported as the bytes leave; the promise settles when the storage has
 * answered, and rejects with UploadAbortedError when `signal` aborts.
 */
export const putFile = (
  target: UploadTarget,
  file: Blob,
  { onProgress, signal }: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    xhr.open(target.method || 'PUT', target.uploadUrl);
    for (const header of target.headers) xhr.setRequestHeader(header.name, header.value);
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () =>
      settle(() => {
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress?.(file.size, file.size);
          resolve();
        } else reject(new UploadTransferError(failureText(xhr.status, xhr.responseText), xhr.status));
      });
    xhr.onerror = () => settle(() => reject(new UploadTransferError(failureText(0, ''), 0)));
    xhr.ontimeout = () => settle(() => reject(new UploadTransferError(failureText(0, ''), 0)));
    xhr.onabort = () => settle(() => reject(new UploadAbortedError()));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(file);
  });
