import type { ResearchItem } from './types.ts';

export const RESEARCH: ResearchItem[] = [
  {
    id: 'scope3-maritime-2025',
    title: 'The Scope 3 gap in maritime and offshore supply chains',
    description:
      'Where the 70-85% of value-chain emissions sit for shipowners and offshore operators, which supplier categories matter most, and how much of that data is still estimated from spend.',
    category: 'Industry report',
    date: '2026-09-22',
    pages: 4,
    downloadCount: 2140,
    featured: true,
    file: '/downloads/scope3-gap-maritime-offshore.pdf',
  },
  {
    id: 'fuel-data-quality',
    title: 'Supplier fuel data: from invoices to verified figures',
    description:
      'A practical look at bunker delivery notes, fuel types and emission factors, and the checks that turn a supplier spreadsheet into data an auditor accepts.',
    category: 'Guide',
    date: '2026-06-02',
    pages: 3,
    downloadCount: 1385,
    featured: false,
    file: '/downloads/supplier-fuel-data-guide.pdf',
  },
  {
    id: 'csrd-offshore',
    title: 'CSRD and ESRS E1 for offshore service companies',
    description:
      'What the reporting standards ask of vessel operators and their suppliers, the timeline by company size, and the questions customers are already sending.',
    category: 'Regulatory brief',
    date: '2026-02-16',
    pages: 3,
    downloadCount: 968,
    featured: false,
    file: '/downloads/csrd-esrs-e1-offshore-brief.pdf',
  },
];
