/**
 * Reads the text of a clean, machine-drawn QR code (the one the API returns for authenticator
 * setup), so the setup screen can also show the key for people who cannot scan it. It expects an
 * upright, undamaged symbol with a light quiet zone and does no error correction: anything else
 * answers null and the screen simply shows the QR code alone.
 */

// Error-correction blocks and codewords per version 1–20, in the order L, M, Q, H.
const EC_BLOCKS = [
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 1, 2, 2, 4, 1, 2, 4, 4, 2, 4, 4, 4, 2, 4, 6, 5, 2, 4, 6, 6, 2, 5, 8, 8, 4, 5, 8, 8, 4, 5, 8, 11, 4, 8,
  10, 11, 4, 9, 12, 16, 4, 9, 16, 16, 6, 10, 12, 18, 6, 10, 17, 16, 6, 11, 16, 19, 6, 13, 18, 21, 7, 14, 21, 25, 8, 16, 20, 25,
];
const EC_CODEWORDS = [
  7, 10, 13, 17, 10, 16, 22, 28, 15, 26, 36, 44, 20, 36, 52, 64, 26, 48, 72, 88, 36, 64, 96, 112, 40, 72, 108, 130, 48, 88, 132, 156, 60,
  110, 160, 192, 72, 130, 192, 224, 80, 150, 224, 264, 96, 176, 260, 308, 104, 198, 288, 352, 120, 216, 320, 384, 132, 240, 360, 432, 144,
  280, 408, 480, 168, 308, 448, 532, 180, 338, 504, 588, 196, 364, 546, 650, 224, 416, 600, 700,
];
const MAX_VERSION = 20;
// Format bits 00 = M, 01 = L, 10 = H, 11 = Q; table columns are L, M, Q, H.
const LEVEL_COLUMN = [1, 0, 3, 2];
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

const alignmentCenters = (version: number) => {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const interval = Math.ceil((size - 13) / (2 * count - 2)) * 2;
  const positions = [size - 7];
  for (let i = 1; i < count - 1; i += 1) positions.push((positions[i - 1] ?? 0) - interval);
  positions.push(6);
  return positions.reverse();
};

const reservedMap = (version: number) => {
  const size = version * 4 + 17;
  const reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const mark = (row: number, col: number) => {
    const line = reserved[row];
    if (line && col >= 0 && col < size) line[col] = true;
  };
  for (let r = 0; r < size; r += 1) {
    for (let c = 0; c < size; c += 1) {
      const finder = (r < 9 && c < 9) || (r < 9 && c >= size - 8) || (r >= size - 8 && c < 9);
      const timing = r === 6 || c === 6;
      const versionInfo = version >= 7 && ((r < 6 && c >= size - 11 && c < size - 8) || (c < 6 && r >= size - 11 && r < size - 8));
      if (finder || timing || versionInfo) mark(r, c);
    }
  }
  const centers = alignmentCenters(version);
  const last = centers.length - 1;
  centers.forEach((row, i) => {
    centers.forEach((col, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dr = -2; dr <= 2; dr += 1) for (let dc = -2; dc <= 2; dc += 1) mark(row + dr, col + dc);
    });
  });
  return reserved;
};

const MASKS: Array<(i: number, j: number) => boolean> = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

class BitReader {
  private position = 0;
  constructor(private readonly bytes: number[]) {}
  get remaining() {
    return this.bytes.length * 8 - this.position;
  }
  read(count: number) {
    let value = 0;
    for (let i = 0; i < count; i += 1) {
      const byte = this.bytes[this.position >> 3] ?? 0;
      value = (value << 1) | ((byte >> (7 - (this.position & 7))) & 1);
      this.position += 1;
    }
    return value;
  }
}

const countBits = (mode: number, version: number) => {
  const band = version < 10 ? 0 : version < 27 ? 1 : 2;
  if (mode === 1) return [10, 12, 14][band] ?? 14;
  if (mode === 2) return [9, 11, 13][band] ?? 13;
  return [8, 16, 16][band] ?? 16;
};

const parseSegments = (data: number[], version: number): string | null => {
  const reader = new BitReader(data);
  let text = '';
  while (reader.remaining >= 4) {
    const mode = reader.read(4);
    if (mode === 0) break;
    if (mode !== 1 && mode !== 2 && mode !== 4) return null;
    const length = reader.read(countBits(mode, version));
    if (mode === 1) {
      let left = length;
      while (left > 0) {
        const digits = Math.min(3, left);
        text += String(reader.read(digits === 3 ? 10 : digits === 2 ? 7 : 4)).padStart(digits, '0');
        left -= digits;
      }
    } else if (mode === 2) {
      let left = length;
      while (left > 1) {
        const pair = reader.read(11);
        text += (ALPHANUMERIC[Math.floor(pair / 45)] ?? '') + (ALPHANUMERIC[pair % 45] ?? '');
        left -= 2;
      }
      if (left === 1) text += ALPHANUMERIC[reader.read(6)] ?? '';
    } else {
      const bytes = new Uint8Array(length);
      for (let i = 0; i < length; i += 1) bytes[i] = reader.read(8);
      text += new TextDecoder().decode(bytes);
    }
  }
  return text;
};

/** Decodes a module matrix (true = dark), row by row. */
export const decodeQrMatrix = (modules: boolean[][]): string | null => {
  const size = modules.length;
  const version = (size - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > MAX_VERSION) return null;
  const dark = (r: number, c: number) => modules[r]?.[c] === true;

  let format = 0;
  for (let i = 14; i >= 0; i -= 1) {
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    format = (format << 1) | (dark(row, 8) ? 1 : 0);
  }
  format ^= 0x5412;
  const levelBits = (format >> 13) & 3;
  const maskAt = MASKS[(format >> 10) & 7];
  const column = LEVEL_COLUMN[levelBits];
  if (!maskAt || column === undefined) return null;

  const reserved = reservedMap(version);
  const codewords: number[] = [];
  let current = 0;
  let bits = 0;
  let upward = true;
  for (let col = size - 1; col > 0; col -= 2) {
    if (col === 6) col -= 1;
    for (let step = 0; step < size; step += 1) {
      const row = upward ? size - 1 - step : step;
      for (let c = 0; c < 2; c += 1) {
        const x = col - c;
        if (reserved[row]?.[x]) continue;
        current = (current << 1) | (dark(row, x) !== maskAt(row, x) ? 1 : 0);
        bits += 1;
        if (bits === 8) {
          codewords.push(current);
          current = 0;
          bits = 0;
        }
      }
    }
    upward = !upward;
  }

  const index = (version - 1) * 4 + column;
  const blockCount = EC_BLOCKS[index];
  const ecTotal = EC_CODEWORDS[index];
  if (!blockCount || !ecTotal) return null;
  const dataTotal = codewords.length - ecTotal;
  const shortBlocks = blockCount - (codewords.length % blockCount);
  const shortLength = Math.floor(dataTotal / blockCount);
  const blocks = Array.from({ length: blockCount }, (_, b) => ({
    length: b < shortBlocks ? shortLength : shortLength + 1,
    bytes: [] as number[],
  }));
  let cursor = 0;
  for (let i = 0; i <= shortLength; i += 1) {
    for (const block of blocks) {
      if (i < block.length) block.bytes.push(codewords[cursor++] ?? 0);
    }
  }
  return parseSegments(
    blocks.flatMap((block) => block.bytes),
    version,
  );
};

/** Samples the module grid of an upright QR code drawn on a light background. */
export const sampleQrModules = (pixels: Uint8ClampedArray, width: number, height: number): boolean[][] | null => {
  const isDark = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    return ((pixels[i] ?? 255) + (pixels[i + 1] ?? 255) + (pixels[i + 2] ?? 255)) / 3 < 128;
  };
  let top = -1;
  let left = -1;
  for (let y = 0; y < height && top < 0; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (isDark(x, y)) {
        top = y;
        left = x;
        break;
      }
    }
  }
  if (top < 0) return null;
  let run = 0;
  while (left + run < width && isDark(left + run, top)) run += 1;
  const moduleSize = run / 7;
  let right = width - 1;
  while (right > left && !isDark(right, top)) right -= 1;
  const size = Math.round((right - left + 1) / moduleSize);
  if (size < 21) return null;
  return Array.from({ length: size }, (_, r) =>
    Array.from({ length: size }, (_, c) =>
      isDark(
        Math.min(width - 1, Math.floor(left + (c + 0.5) * moduleSize)),
        Math.min(height - 1, Math.floor(top + (r + 0.5) * moduleSize)),
      ),
    ),
  );
};

/** The text of a QR code image given as a data URL, or null when it cannot be read. */
export const decodeQrDataUrl = async (dataUrl: string): Promise<string | null> => {
  try {
    const image = new Image();
    image.src = dataUrl;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const modules = sampleQrModules(data, canvas.width, canvas.height);
    return modules ? decodeQrMatrix(modules) : null;
  } catch {
    return null;
  }
};

/** The secret of an `otpauth://totp/...` URI, grouped in fours for reading aloud or typing. */
export const otpauthSecret = (uri: string | null): string | null => {
  if (!uri?.startsWith('otpauth://')) return null;
  try {
    const secret = new URL(uri).searchParams.get('secret');
    return secret ? secret.toUpperCase() : null;
  } catch {
    return null;
  }
};
