import Papa from 'papaparse';

export type CsvDialect = {
  delimiter: string;
  quoteChar: string;
  newline: '\r\n' | '\n' | '\r';
};

export const DELIMITER_CANDIDATES = [',', ';', '\t', '|'] as const;
const SAMPLE_RECORDS = 50;

/** The first line break outside quotes decides; files mixing them are rare and papaparse needs one. */
export const detectNewline = (text: string, quoteChar = '"'): CsvDialect['newline'] => {
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === quoteChar) inQuotes = !inQuotes;
    else if (!inQuotes && char === '\r') return text[i + 1] === '\n' ? '\r\n' : '\r';
    else if (!inQuotes && char === '\n') return '\n';
  }
  return '\n';
};

/**
 * Double quotes unless the text never uses them and single quotes wrap whole fields (after a delimiter or
 * line start and before a delimiter or line end) at least twice; apostrophes inside words do not count.
 */
export const detectQuoteChar = (text: string): string => {
  if (text.includes('"')) return '"';
  const wrapped = text.match(/(^|[,;\t|])'[^'\r\n]*'(?=[,;\t|]|\r|\n|$)/gm);
  return wrapped && wrapped.length >= 2 ? "'" : '"';
};

type DelimiterScore = { delimiter: string; modalCount: number; consistency: number };

const scoreDelimiter = (text: string, delimiter: string, quoteChar: string, newline: CsvDialect['newline']): DelimiterScore => {
  const parser = new Papa.Parser({ delimiter, quoteChar, newline, preview: SAMPLE_RECORDS });
  const result = parser.parse(text, 0, true) as { data: string[][] };
  const counts = result.data.filter((row) => row.length > 1 || (row[0] ?? '') !== '').map((row) => row.length);
  if (counts.length === 0) return { delimiter, modalCount: 1, consistency: 0 };
  const frequency = new Map<number, number>();
  for (const count of counts) frequency.set(count, (frequency.get(count) ?? 0) + 1);
  let modalCount = 1;
  let modalFrequency = 0;
  for (const [count, times] of frequency) {
    if (times > modalFrequency || (times === modalFrequency && count > modalCount)) {
      modalCount = count;
      modalFrequency = times;
    }
  }
  return { delimiter, modalCount, consistency: modalFrequency / counts.length };
};

/**
 * Picks the candidate that splits most records of the sample into the same number (> 1) of fields, quote-aware.
 * Title lines above the header do not spoil it because only the most common count matters. Ties go to the
 * candidate giving more fields. A single-column file gets ','.
 */
export const detectDelimiter = (text: string, quoteChar = '"', newline: CsvDialect['newline'] = detectNewline(text, quoteChar)): string => {
  let best: DelimiterScore | null = null;
  for (const delimiter of DELIMITER_CANDIDATES) {
    const score = scoreDelimiter(text, delimiter, quoteChar, newline);
    if (score.modalCount < 2) continue;
    if (
      !best ||
      score.consistency > best.consistency + 0.1 ||
      (Math.abs(score.consistency - best.consistency) <= 0.1 && score.modalCount > best.modalCount)
    ) {
      best = score;
    }
  }
  return best?.delimiter ?? ',';
};

/** Delimiter, quote and line break of a decoded sample of the file. */
export const detectDialect = (text: string): CsvDialect => {
  const quoteChar = detectQuoteChar(text);
  const newline = detectNewline(text, quoteChar);
  return { delimiter: detectDelimiter(text, quoteChar, newline), quoteChar, newline };
};
