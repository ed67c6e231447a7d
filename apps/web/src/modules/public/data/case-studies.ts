import type { CaseStudy } from './types.ts';

export const CASE_STUDIES: CaseStudy[] = [
  {
    title: 'Collecting fuel and service data from 140 suppliers',
    description:
      'A North Sea offshore operator replaced quarterly spreadsheet rounds with one recurring request. Suppliers upload their own files; Tidewise maps the columns and flags gaps before anyone chases them.',
    industry: 'Offshore operations',
    impact: 'Supplier response rate up from 38% to 91%',
    timeline: '10 weeks from kick-off to first complete quarter',
  },
  {
    title: 'A port authority benchmarks its terminal operators',
    description:
      'Terminal operators, towage and pilotage providers report energy use on a shared template, so the port can compare like with like and publish one validated Scope 3 figure.',
    industry: 'Ports and terminals',
    impact: 'Reporting time cut from 6 weeks to 4 days',
    timeline: '3 months, 22 organisations connected',
  },
  {
    title: 'A shipyard measures emissions in purchased steel and coatings',
    description:
      'Material suppliers share product-level emission factors instead of industry averages. The yard now quotes newbuild footprints with data its customers can audit.',
    industry: 'Shipbuilding and repair',
    impact: '64% of purchased-goods emissions now based on supplier data',
    timeline: '5 months, two reporting cycles',
  },
];
