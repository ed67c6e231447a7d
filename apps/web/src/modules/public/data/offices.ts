import type { Office } from './types.ts';

export const OFFICES: Office[] = [
  {
    city: 'Copenhagen',
    role: 'Headquarters',
    address: ['Tidewise ApS', 'Havnegade 39', '1058 Copenhagen K', 'Denmark'],
    email: 'hello@tidewise.eu',
  },
  {
    city: 'Singapore',
    role: 'APAC office',
    address: ['Tidewise Pte. Ltd.', '1 HarbourFront Avenue, #14-07', 'Singapore 098632'],
    email: 'apac@tidewise.eu',
  },
  {
    city: 'Hamburg',
    role: 'EU operations',
    address: ['Tidewise GmbH', 'Am Sandtorkai 50', '20457 Hamburg', 'Germany'],
    email: 'eu-ops@tidewise.eu',
  },
];

export const BUSINESS_HOURS = 'Mon-Fri 9:00-18:00 CET';
export const RESPONSE_TIME = 'We answer within 24 hours on business days.';
