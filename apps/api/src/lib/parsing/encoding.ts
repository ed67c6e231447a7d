import chardet from 'chardet';
import iconv from 'iconv-lite';

export type TextEncoding = {
  /** iconv-lite name: 'utf-8', 'utf-16le', 'utf-16be', 'windows-1252', ... */
  encoding: string;
  /** Bytes of byte-order mark at the start of the file, skipped before decoding. */
  bomLength: number;
  /** How it was found, for logs and the decision record. */
  source: 'bom' | 'utf16-pattern' | 'utf8-valid' | 'chardet' | 'fallback';
};

const LATIN_SINGLE_BYTE = /^(iso-8859-\d+|windows-125\d)$/i;
/** Below this chardet confidence a Latin single-byte guess is read as Windows-1252 (see decision 0011). */
const CHARDET_MIN_CONFIDENCE = 60;

/** Counts zero bytes at even and odd offsets: UTF-16 text without BOM has one side full of them. */
const utf16Pattern = (sample: Uint8Array): 'utf-16le' | 'utf-16be' | null => {
  const length = Math.min(sample.length, 4096) & ~1;
  if (length < 16) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (sample[i] === 0) evenZeros++;
    if (sample[i + 1] === 0) oddZeros++;
  }
  const pairs = length / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
};

/** Drops a UTF-8 sequence cut by the end of the sample, so a valid file is not judged by a truncated last character. */
const withoutCutSequence = (sample: Uint8Array, isWholeFile: boolean): Uint8Array => {
  if (isWholeFile) return sample;
  let end = sample.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = sample[end - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte, look further back
    if (byte >= 0xc0) end -= back; // lead byte of a sequence that may be incomplete
    break;
  }
  return sample.subarray(0, end);
};

const isValidUtf8 = (sample: Uint8Array): boolean => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
    return true;
  } catch {
    return false;
  }
};

/**
 * Finds the text encoding of a CSV from its first bytes. Order: byte-order mark, UTF-16 zero-byte pattern,
 * valid UTF-8 (which includes plain ASCII), then chardet; unsure Latin guesses become Windows-1252 because
 * short European samples make chardet guess between near-identical code pages.
 */
export const detectEncoding = (sample: Uint8Array, isWholeFile = false): TextEncoding => {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3, source: 'bom' };
  if (sample[0] === 0xff && sample[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2, source: 'bom' };
  if (sample[0] === 0xfe && sample[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2, source: 'bom' };
  const utf16 = utf16Pattern(sample);
  if (utf16) return { encoding: utf16, bomLength: 0, source: 'utf16-pattern' };
  if (isValidUtf8(withoutCutSequence(sample, isWholeFile))) return { encoding: 'utf-8', bomLength: 0, source: 'utf8-valid' };
  const [best] = chardet.analyse(sample);
  if (best && iconv.encodingExists(best.name) && !/^utf/i.test(best.name)) {
    const isLatin = LATIN_SINGLE_BYTE.test(best.name);
    if (!isLatin || best.confidence >= CHARDET_MIN_CONFIDENCE) {
      const name = best.name.toLowerCase();
      return { encoding: name === 'iso-8859-1' ? 'windows-1252' : name, bomLength: 0, source: 'chardet' };
    }
  }
  return { encoding: 'windows-1252', bomLength: 0, source: 'fallback' };
};

export type TextDecoderLike = { write: (chunk: Buffer) => string; end: () => string };

/** A streaming decoder for the encoding: native for UTF-8/UTF-16LE (fastest), iconv-lite for the rest. */
export const createTextDecoder = (encoding: string): TextDecoderLike => {
  if (encoding === 'utf-8' || encoding === 'utf-16le') {
    const decoder = new TextDecoder(encoding);
    return {
      write: (chunk) => decoder.decode(chunk, { stream: true }),
      end: () => decoder.decode(),
    };
  }
  const decoder = iconv.getDecoder(encoding);
  return { write: (chunk) => decoder.write(chunk), end: () => decoder.end() ?? '' };
};
