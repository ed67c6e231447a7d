/** Copy for the landing page sections that repeat a shape (steps, stakeholders, automations, metrics). */

export const PROCESS_STEPS = [
  {
    name: 'Streamline',
    text: 'Send one data request to every supplier, with a template that fits bunker suppliers, yards and service companies alike.',
  },
  {
    name: 'Track',
    text: 'See who has answered, what is missing and which deadlines are close, per supplier and per reporting period.',
  },
  {
    name: 'Validate',
    text: 'Every row is checked for units, ranges and plausibility on upload, so errors are fixed by the people who made them.',
  },
  {
    name: 'Benchmark',
    text: 'Compare suppliers, vessels and sites on the same basis, without anyone seeing another company’s commercial data.',
  },
] as const;

export const STAKEHOLDERS = [
  { name: 'Shipping companies', short: 'Shipping', text: 'Fleet fuel, charter and port-call data.' },
  { name: 'Offshore operators', short: 'Offshore', text: 'Vessel, helicopter and installation services.' },
  { name: 'Ports and terminals', short: 'Ports', text: 'Cargo handling, shore power and towage.' },
  { name: 'Shipyards', short: 'Yards', text: 'Steel, coatings, energy and subcontracted work.' },
  { name: 'Logistics providers', short: 'Logistics', text: 'Trucking, warehousing and freight forwarding legs.' },
  { name: 'Ship brokers', short: 'Brokers', text: 'Fixture data that links voyages to charterers.' },
  { name: 'Maritime security', short: 'Security', text: 'Guard transits and escort vessel operations.' },
  { name: 'Equipment manufacturers', short: 'Equipment', text: 'Engines, cranes and components with product footprints.' },
  { name: 'Maritime law firms', short: 'Legal', text: 'Contract clauses that make data sharing binding.' },
  { name: 'Suppliers and subcontractors', short: 'Suppliers', text: 'Everyone who delivers goods and services to the chain.' },
] as const;

export const AUTOMATIONS = [
  {
    title: 'Automated data collection',
    text: 'Recurring requests go out on schedule, reminders follow up, and uploaded files are mapped to the right fields without retyping.',
    image: 'data-collection',
    alt: 'Supplier files flowing into a single validated table',
  },
  {
    title: 'Emission hotspot mapping',
    text: 'See which suppliers, vessels and purchase categories drive your footprint, so reduction work starts where it counts.',
    image: 'hotspot-mapping',
    alt: 'A route map with emission hotspots highlighted at ports',
  },
  {
    title: 'Predictive ESG insights',
    text: 'Trends from your own history project next year’s Scope 3 figure and show which suppliers are likely to miss their targets.',
    image: 'predictive-insights',
    alt: 'A line chart continuing into a projected range',
  },
  {
    title: 'Automated scope 3 emissions reporting',
    text: 'Validated data rolls up into the 15 GHG Protocol categories, ready for CSRD, CDP or your customers’ questionnaires.',
    image: 'scope3-reporting',
    alt: 'A report page filling with category totals',
  },
] as const;

export const TRUST_METRICS = [
  { value: '4x', label: 'data quality', text: 'More rows pass validation first time than with spreadsheet rounds.' },
  { value: '10x', label: 'efficiency', text: 'Less time spent chasing, reformatting and checking supplier data.' },
  { value: '90%', label: 'cost savings', text: 'Lower cost per supplier data point than consultant-led collection.' },
] as const;
