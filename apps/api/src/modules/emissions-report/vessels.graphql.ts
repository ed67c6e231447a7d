import { builder } from '../../schema/builder.ts';
import { getMrvReferenceStatus, type MrvReferenceStatus } from './operations/get-mrv-reference-status.ts';
import { findVesselIndicators, getVesselIndicators } from './operations/vessel-indicators.ts';
import type { VesselIndicatorsView } from './vessels/vessel-views.ts';

/** Vessel indicators (IMO CII, FuelEU, EU MRV intensities, the EU MRV benchmark) and the reference's status. */

const READ = 'emissions:read';

const FuelAmountRef = builder.objectRef<VesselIndicatorsView['fuels'][number]>('FuelAmount').implement({
  fields: (t) => ({
    fuel: t.exposeString('fuel'),
    tonnes: t.exposeFloat('tonnes'),
  }),
});

const CiiRatingRef = builder.objectRef<VesselIndicatorsView['cii']>('CiiRating').implement({
  description: 'IMO CII of a ship and year (MEPC.352-355(78) and amendments).',
  fields: (t) => ({
    attained: t.float({ nullable: true, description: 'gCO2 per capacity·nautical mile.', resolve: (c) => c.attained }),
    capacity: t.float({ nullable: true, resolve: (c) => c.capacity }),
    capacityUnit: t.string({
      nullable: true,
      description: "dwt or gt, as the ship type's guidelines say.",
      resolve: (c) => c.capacityUnit,
    }),
    metric: t.exposeString('metric', { description: 'AER or cgDIST.' }),
    missing: t.string({
      nullable: true,
      description: 'Why it could not be rated (e.g. no capacity reported), null when rated.',
      resolve: (c) => c.missing,
    }),
    rating: t.string({ nullable: true, resolve: (c) => c.rating }),
    reductionFactor: t.float({ nullable: true, resolve: (c) => c.reductionFactor }),
    referenceLine: t.float({ nullable: true, resolve: (c) => c.referenceLine }),
    required: t.float({ nullable: true, resolve: (c) => c.required }),
    boundaries: t.floatList({
      nullable: true,
      description: 'The rating boundaries superior, lower, upper, inferior (gCO2 per capacity·nm).',
      resolve: (c) => c.boundaries,
    }),
  }),
});

const FuelEuBalanceRef = builder.objectRef<VesselIndicatorsView['fuelEu']>('FuelEuBalance').implement({
  description: 'FuelEU Maritime GHG intensity and compliance balance of a ship and year.',
  fields: (t) => ({
    complianceBalanceGco2e: t.float({ nullable: true, resolve: (f) => f.complianceBalanceGco2e }),
    energyMj: t.float({ nullable: true, resolve: (f) => f.energyMj }),
    ghgIntensity: t.float({ nullable: true, resolve: (f) => f.ghgIntensity }),
    missing: t.string({ nullable: true, resolve: (f) => f.missing }),
    target: t.float({ nullable: true, resolve: (f) => f.target }),
  }),
});

const VesselBenchmarkRef = builder.objectRef<VesselIndicatorsView['benchmark']>('VesselBenchmark').implement({
  description: "Where a ship stands among the EU MRV ships of its type (the public reference, not customers' data).",
  fields: (t) => ({
    co2PerDistance: t.float({ nullable: true, description: 'kg CO2 per nautical mile.', resolve: (b) => b.co2PerDistance }),
    co2PerDistancePercentile: t.float({ nullable: true, resolve: (b) => b.co2PerDistancePercentile }),
    co2PerTransportWork: t.float({
      nullable: true,
      description: 'g CO2 per tonne·nautical mile.',
      resolve: (b) => b.co2PerTransportWork,
    }),
    co2PerTransportWorkPercentile: t.float({ nullable: true, resolve: (b) => b.co2PerTransportWorkPercentile }),
    missing: t.string({ nullable: true, resolve: (b) => b.missing }),
    peerDistanceQuantiles: t.floatList({
      description: "The reference ships' values at the 10th, 25th, 50th, 75th and 90th percentile of CO2 per distance.",
      resolve: (b) => b.peerDistanceQuantiles,
    }),
    peers: t.exposeInt('peers'),
    referenceShipType: t.string({ nullable: true, resolve: (b) => b.referenceShipType }),
    referenceYear: t.int({ nullable: true, resolve: (b) => b.referenceYear }),
  }),
});

const VesselIndicatorsRef = builder.objectRef<VesselIndicatorsView>('VesselIndicators').implement({
  fields: (t) => ({
    benchmark: t.field({ type: VesselBenchmarkRef, resolve: (v) => v.benchmark }),
    cii: t.field({ type: CiiRatingRef, resolve: (v) => v.cii }),
    co2Kg: t.exposeFloat('co2Kg'),
    distanceNm: t.float({ nullable: true, resolve: (v) => v.distanceNm }),
    fuelEu: t.field({ type: FuelEuBalanceRef, resolve: (v) => v.fuelEu }),
    fuels: t.field({ type: [FuelAmountRef], resolve: (v) => v.fuels }),
    imo: t.exposeString('imo'),
    name: t.string({ nullable: true, resolve: (v) => v.name }),
    shipType: t.string({ nullable: true, resolve: (v) => v.shipType }),
    supplierName: t.string({ nullable: true, resolve: (v) => v.supplierName }),
    supplierOrganizationId: t.string({ nullable: true, resolve: (v) => v.supplierOrganizationId }),
    transportWorkTnm: t.float({ nullable: true, resolve: (v) => v.transportWorkTnm }),
    year: t.exposeInt('year'),
  }),
});

const MrvReferenceYearRef = builder.objectRef<MrvReferenceStatus['years'][number]>('MrvReferenceYear').implement({
  fields: (t) => ({
    ships: t.exposeInt('ships'),
    year: t.exposeInt('year'),
  }),
});

const MrvReferenceStatusRef = builder.objectRef<MrvReferenceStatus>('MrvReferenceStatus').implement({
  fields: (t) => ({
    years: t.field({ type: [MrvReferenceYearRef], description: 'Reference ships loaded per reporting year.', resolve: (s) => s.years }),
  }),
});

builder.queryFields((t) => ({
  vesselIndicatorsList: t.field({
    type: [VesselIndicatorsRef],
    authScopes: { permission: READ },
    args: { year: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => findVesselIndicators(ctx, args.year),
  }),
  vesselIndicators: t.field({
    type: VesselIndicatorsRef,
    authScopes: { permission: READ },
    args: { imo: t.arg.string({ required: true }), year: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => getVesselIndicators(ctx, args.imo, args.year),
  }),
  mrvReferenceStatus: t.field({
    type: MrvReferenceStatusRef,
    authScopes: { permission: READ },
    resolve: (_root, _args, ctx) => getMrvReferenceStatus(ctx),
  }),
}));
