/** Longest display name kept, in characters; the extension survives the cut. */
const MAX_NAME_LENGTH = 180;

/** The name a download gets when nothing usable is left of the uploaded one. */
export const FALLBACK_FILE_NAME = 'download';

/**
 * Control characters (C0, DEL, C1), bidirectional overrides and isolates (they make `evil‮vsc.exe` read as
 * `evilexe.csv`), zero-width and BOM characters, and the separators no file system accepts in a name.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff<>:"|?*]/g;

/**
 * A file name fit to show and to offer on download, from whatever the browser sent: only the last path
 * segment (a Windows or POSIX path never names a folder on our side), Unicode NFC, no control or bidi
 * characters, no leading dots (no hidden files), at most 180 characters with the extension kept. The stored
 * object is never named after it; this is the display name only.
 */
export const sanitizeFileName = (name: string): string => {
  const lastSegment = name.split(/[/\\]/).pop() ?? '';
  let clean = lastSegment.normalize('NFC').replace(UNSAFE_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  clean = clean.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  const characters = [...clean];
  if (characters.length > MAX_NAME_LENGTH) {
    const dot = clean.lastIndexOf('.');
    const extension = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
    const extensionLength = [...extension].length;
    clean =
      characters
        .slice(0, MAX_NAME_LENGTH - extensionLength)
        .join('')
        .trimEnd() + extension;
  }
  return clean || FALLBACK_FILE_NAME;
};

/** RFC 5987 `attr-char` keeps ALPHA, DIGIT and ``!#$&+-.^_`|~``; encodeURIComponent leaves `'()*` too. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** The plain `filename=` for clients that ignore `filename*`: printable ASCII without quote or backslash. */
const asciiFallback = (name: string) => {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  return ascii.replace(/_+/g, '_').trim() || FALLBACK_FILE_NAME;
};

/**
 * `Content-Disposition: attachment` with both forms of RFC 6266: a quoted ASCII `filename` and the exact
 * UTF-8 name in `filename*` (RFC 5987). Always an attachment, so a browser never renders an uploaded file
 * inside our origin. The name is sanitised here again, so no caller can put CR/LF or a quote into the header.
 */
export const contentDisposition = (fileName: string): string => {
  const name = sanitizeFileName(fileName);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
};
