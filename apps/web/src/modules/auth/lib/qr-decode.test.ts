import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQrMatrix, otpauthSecret, sampleQrModules } from './qr-decode.ts';

const matrixOf = (text: string, level: 'L' | 'M' | 'Q' | 'H' = 'M') => {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: level });
  return Array.from({ length: modules.size }, (_, r) => Array.from({ length: modules.size }, (_, c) => modules.get(r, c) === 1));
};

const uri =
  'otpauth://totp/Tidewise:ops%40nordwind-shipping.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&period=30&digits=6&algorithm=SHA1&issuer=Tidewise';

describe('decodeQrMatrix', () => {
  it('reads an otpauth URI as the API draws it (level M, mixed segments)', () => {
    expect(decodeQrMatrix(matrixOf(uri))).toBe(uri);
  });

  it.each(['L', 'Q', 'H'] as const)('reads level %s as well', (level) => {
    expect(decodeQrMatrix(matrixOf('HELLO 12345 hello', level))).toBe('HELLO 12345 hello');
  });

  it('answers null for something that is not a QR code', () => {
    expect(decodeQrMatrix([[true, false]])).toBeNull();
  });
});

describe('sampleQrModules', () => {
  it('recovers the grid from pixels with a quiet zone and 4-pixel modules', () => {
    const matrix = matrixOf(uri);
    const scale = 4;
    const margin = 8;
    const width = matrix.length * scale + margin * 2;
    const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
    for (const [r, row] of matrix.entries()) {
      for (const [c, dark] of row.entries()) {
        if (!dark) continue;
        for (let y = 0; y < scale; y += 1) {
          for (let x = 0; x < scale; x += 1) {
            const i = ((margin + r * scale + y) * width + margin + c * scale + x) * 4;
            pixels.fill(0, i, i + 3);
          }
        }
      }
    }
    const sampled = sampleQrModules(pixels, width, width);
    expect(sampled).toEqual(matrix);
    expect(sampled && decodeQrMatrix(sampled)).toBe(uri);
  });
});

describe('otpauthSecret', () => {
  it('takes the secret from the URI', () => {
    expect(otpauthSecret(uri)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  });
  it('ignores anything else', () => {
    expect(otpauthSecret('https://example.com/?secret=X')).toBeNull();
    expect(otpauthSecret(null)).toBeNull();
  });
});
