import { describe, expect, it } from 'vitest';
import { mrvIntensities, transportWorkTNm } from './mrv.ts';

describe('EU MRV style intensities', () => {
  it('gives CO2 per distance and per transport work, ballast legs adding distance but no work', () => {
    // work = 40,000 t × 20,000 nm + 0 t × 30,000 nm = 8e8 t·nm
    // 10,000 t CO2 = 1e7 kg over 50,000 nm = 200 kg/nm; 1e10 g / 8e8 t·nm = 12.5 g/t·nm
    const voyages = [
      { cargoT: 40_000, distanceNm: 20_000 },
      { cargoT: 0, distanceNm: 30_000 },
    ];
    expect(transportWorkTNm(voyages)).toBe(8e8);
    expect(mrvIntensities({ co2T: 10_000, distanceNm: 50_000, voyages })).toEqual({
      co2PerDistanceKgPerNm: 200,
      co2PerTransportWorkGPerTNm: 12.5,
      transportWorkTNm: 8e8,
      method: expect.stringContaining('2015/757'),
    });
  });

  it('has no transport-work intensity without cargo, and refuses a zero distance or negative cargo', () => {
    expect(mrvIntensities({ co2T: 1, distanceNm: 10, voyages: [] }).co2PerTransportWorkGPerTNm).toBeNull();
    expect(() => mrvIntensities({ co2T: 1, distanceNm: 0, voyages: [] })).toThrow(/distanceNm/);
    expect(() => transportWorkTNm([{ cargoT: -1, distanceNm: 1 }])).toThrow(/voyages\[0\]\.cargoT/);
  });
});
