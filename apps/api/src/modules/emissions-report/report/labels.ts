import type { DataQuality, EmissionMethod, Scope3Value } from '@tidewise/shared/emissions/calculate/types';

/** How the report names its slices. The keys are the contract's enum values; the labels are what people read. */

export const CATEGORY_LABELS: Readonly<Record<Scope3Value, string>> = {
  category_1: 'Category 1: Purchased goods and services',
  category_3: 'Category 3: Fuel- and energy-related activities',
  category_4: 'Category 4: Upstream transportation and distribution',
  category_8: 'Category 8: Upstream leased assets',
  category_9: 'Category 9: Downstream transportation and distribution',
  category_13: 'Category 13: Downstream leased assets',
  scope_1_2: 'Scope 1/2 (not scope 3)',
  none: 'No category (no activity data)',
};

export const METHOD_LABELS: Readonly<Record<EmissionMethod, string>> = {
  fuel_based: 'Fuel-based',
  distance_based: 'Distance-based',
  spend_based: 'Spend-based',
  supplier_reported: 'Reported by the supplier',
  not_computed: 'Not computed',
};

export const QUALITY_LABELS: Readonly<Record<DataQuality, string>> = {
  primary: 'Primary data',
  modelled: 'Modelled',
  default: 'Default factors',
};

/** The key and label of the organisation's own data among its suppliers. */
export const OWN_KEY = 'own';
export const OWN_LABEL = 'Own data';

/** "MARE NOSTRUM (IMO 9321483)", or the IMO number alone when no row named the ship. */
export const vesselLabel = (imo: string, name: string | null) => (name ? `${name} (IMO ${imo})` : `IMO ${imo}`);
