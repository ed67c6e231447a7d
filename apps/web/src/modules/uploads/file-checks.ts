import { formatBytes } from './format.ts';

/** What the browser knows about a chosen file before sending it. */
export type CandidateFile = { name: string; size: number };

/** The limits the server announces (uploadProcessingConfig) that can be checked before a byte is sent. */
export type FileLimits = { maxFileBytes: number; maxFilesPerUpload: number; acceptedExtensions: readonly string[] };

export type FileCheck<F extends CandidateFile> = { file: F; accepted: true } | { file: F; accepted: false; reason: string };

/** ".XLSX" and "xlsx" → ".xlsx"; the extension of a name, lower case, or '' without one. */
export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot).toLowerCase() : '';
};

const normalizeExtension = (extension: string) => (extension.startsWith('.') ? extension : `.${extension}`).toLowerCase();

/** ".csv, .tsv, .txt or .xlsx"; with `asTypes`, "CSV, TSV, TXT or XLSX". */
export const listExtensions = (extensions: readonly string[], { asTypes = false } = {}) => {
  const list = extensions.map(normalizeExtension).map((e) => (asTypes ? e.slice(1).toUpperCase() : e));
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;
};

/**
 * The reason a file cannot join the batch, checked in the browser so nothing is sent that the server
 * would refuse: an extension the reader does not take, an empty file, a file over the size limit. The
 * server checks again; what the bytes are is decided there, not from the name.
 */
export const fileRefusal = (file: CandidateFile, limits: FileLimits): string | null => {
  const accepted = limits.acceptedExtensions.map(normalizeExtension);
  const extension = extensionOf(file.name);
  if (!accepted.includes(extension)) {
    const found = extension ? `a ${extension} file` : 'a file without an extension';
    return `Not a file we can read: this is ${found}. Choose a ${listExtensions(accepted)} file.`;
  }
  if (file.size === 0) return 'The file is empty (0 bytes).';
  if (file.size > limits.maxFileBytes) {
    return `The file is ${formatBytes(file.size)}; the limit is ${formatBytes(limits.maxFileBytes)} per file.`;
  }
  return null;
};

/**
 * Sorts chosen files into those to send and those refused with their reason; `alreadyInBatch` files
 * (not cancelled) count towards the batch's limit, so the first files chosen go in and the rest are
 * refused for the count.
 */
export const checkFiles = <F extends CandidateFile>(files: readonly F[], limits: FileLimits, alreadyInBatch: number): FileCheck<F>[] => {
  let room = Math.max(0, limits.maxFilesPerUpload - alreadyInBatch);
  return files.map((file) => {
    const reason = fileRefusal(file, limits);
    if (reason) return { file, accepted: false, reason };
    if (room === 0) {
      return {
        file,
        accepted: false,
        reason: `An upload holds at most ${limits.maxFilesPerUpload} files. Start another upload for this one.`,
      };
    }
    room -= 1;
    return { file, accepted: true };
  });
};
