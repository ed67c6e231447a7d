import { DEFAULT_MIN_PEERS, type Placement, placeValue } from './percentile.ts';

export type SupplierIntensity = { supplierId: string; intensity: number };

export type SupplierComparison = { supplierId: string; category: string; unit: string } & Placement;

/**
 * Places a supplier's intensity among the customer's other suppliers of the same category, with the same percentile
 * rank and quantiles as the vessel benchmark. The supplier itself and values that are not positive finite numbers
 * are left out of the peers; the caller picks the peers (same category, same unit, same period).
 */
export const compareSupplier = (input: {
  supplier: SupplierIntensity;
  peers: readonly SupplierIntensity[];
  category: string;
  unit: string;
  minPeers?: number;
}): SupplierComparison => {
  const values = input.peers
    .filter((peer) => peer.supplierId !== input.supplier.supplierId)
    .map((peer) => peer.intensity)
    .filter((value) => Number.isFinite(value) && value > 0)
    .sort((a, b) => a - b);
  const placement = placeValue(input.supplier.intensity, values, {
    peerLabel: `other suppliers of ${input.category} (${input.unit})`,
    minPeers: input.minPeers ?? DEFAULT_MIN_PEERS,
  });
  return { supplierId: input.supplier.supplierId, category: input.category, unit: input.unit, ...placement };
};
