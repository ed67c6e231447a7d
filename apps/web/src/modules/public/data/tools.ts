import type { Tool } from './types.ts';

export const TOOLS: Tool[] = [
  {
    title: 'Supplier data request template',
    description:
      'The CSV layout our validation expects for fuel, electricity and purchased services: one row per delivery or invoice, with units and reporting period.',
    type: 'Template',
    access: 'Free',
    file: '/downloads/supplier-emissions-template.csv',
  },
  {
    title: 'Marine fuel emission factors',
    description:
      'Well-to-wake CO2e factors for HFO, VLSFO, MGO, LNG and methanol, with the source of each value, as a plain dataset you can reuse and improve.',
    type: 'Dataset',
    access: 'Open Source',
    file: '/downloads/marine-fuel-emission-factors.csv',
  },
  {
    title: 'Scope 3 category screening workbook',
    description:
      'Estimate which of the 15 Scope 3 categories matter for your fleet or yard before you ask suppliers for anything. Set up with you in a short session.',
    type: 'Workbook',
    access: 'Premium',
  },
];
