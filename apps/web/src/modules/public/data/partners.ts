import type { Association, Partner } from './types.ts';

export const PARTNERS: Partner[] = [
  {
    name: 'Skagerrak Shipping Group',
    category: 'strategic',
    description: 'Owner and operator of 60 product tankers and bulk carriers trading in Northern Europe.',
    partnership: 'Launch customer; co-designed the supplier request flow and the fuel data template.',
    impact: '230 suppliers onboarded, 87% of fleet fuel data now supplier-verified',
  },
  {
    name: 'North Atlantic Offshore Services',
    category: 'strategic',
    description: 'Platform supply, anchor handling and crew transfer vessels for offshore energy.',
    partnership: 'Pilots benchmarking across charterers without exposing commercial terms.',
    impact: 'One shared dataset instead of eleven charterer questionnaires',
  },
  {
    name: 'HarbourGrid',
    category: 'technology',
    description: 'Shore power and terminal energy metering for European ports.',
    partnership: 'Meter readings flow into Tidewise as validated electricity data.',
    impact: 'Hourly terminal energy data with no manual uploads',
  },
  {
    name: 'Kattegat Cloud',
    category: 'technology',
    description: 'EU-only cloud hosting operated from data centres in Denmark and Germany.',
    partnership: 'Hosts the Tidewise platform and backups inside the European Union.',
    impact: 'Customer data never leaves the EU/EEA',
  },
  {
    name: 'VoyageLedger',
    category: 'technology',
    description: 'Noon reports and voyage performance data for tramp and liner operators.',
    partnership: 'Connector that maps voyage fuel consumption to Tidewise data fields.',
    impact: 'Voyage data validated within minutes of upload',
  },
];

export const ASSOCIATIONS: Association[] = [
  {
    name: 'Baltic Green Shipping Association',
    description: 'Shipowners and port operators around the Baltic Sea working on common emissions reporting.',
    members: '130+',
  },
  {
    name: 'European Offshore Suppliers Forum',
    description: 'Equipment makers, service companies and yards supplying the offshore energy sector.',
    members: '200+',
  },
];

export const PARTNER_BENEFITS = [
  {
    title: 'Shape the data standard',
    text: 'Partners sit on the working group that decides which fields, units and checks the templates use.',
  },
  {
    title: 'Reach the whole chain',
    text: 'Your customers and suppliers already answer data requests here. Connect once and serve all of them.',
  },
  {
    title: 'Joint go-to-market',
    text: 'Shared case studies, webinars and introductions to operators starting their Scope 3 programmes.',
  },
  {
    title: 'Technical integration',
    text: 'A documented API, test environment and engineering contact for technology partners.',
  },
];
