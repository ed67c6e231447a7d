import type { Webinar } from './types.ts';

export const WEBINARS: Webinar[] = [
  {
    id: 'first-supplier-request',
    title: 'Your first supplier data request: a live walkthrough',
    date: '2027-01-20T13:00:00Z',
    duration: '45 min',
    speakers: ['Mette Lindqvist, Head of Customer Success', 'Jonas Berg, Product Lead'],
    attendees: 320,
    status: 'upcoming',
  },
  {
    id: 'offshore-csrd',
    title: 'CSRD for offshore suppliers: what your customers will ask for',
    date: '2027-02-10T09:00:00Z',
    duration: '60 min',
    speakers: ['Sofie Krogh, Regulatory Advisor', 'Anders Holm, Offshore Partner Lead'],
    attendees: 210,
    status: 'upcoming',
  },
  {
    id: 'port-benchmarking',
    title: 'Benchmarking terminal emissions without sharing commercial data',
    date: '2026-05-14T12:00:00Z',
    duration: '50 min',
    speakers: ['Lena Vogt, Hamburg EU Operations', 'Rahul Menon, Data Science'],
    attendees: 850,
    status: 'available',
    slides: '/downloads/webinar-port-benchmarking-slides.pdf',
  },
];
