/** Shapes of the static display data on the public pages (specification, section 3). */

export type ResearchItem = {
  id: string;
  title: string;
  description: string;
  category: string;
  /** ISO date of publication. */
  date: string;
  pages: number;
  downloadCount: number;
  featured: boolean;
  /** Path of the file we ship under /downloads. */
  file: string;
};

export type CaseStudy = {
  title: string;
  description: string;
  industry: string;
  impact: string;
  timeline: string;
};

export type ToolAccess = 'Free' | 'Open Source' | 'Premium';

export type Tool = {
  title: string;
  description: string;
  type: string;
  access: ToolAccess;
  /** A file we ship; tools without one are requested through the contact page. */
  file?: string;
};

export type WebinarStatus = 'upcoming' | 'available';

export type Webinar = {
  id: string;
  title: string;
  /** ISO date and time (UTC). */
  date: string;
  duration: string;
  speakers: string[];
  /** Registered (upcoming) or attended (available). */
  attendees: number;
  status: WebinarStatus;
  /** Slides we ship for a past session; the recording itself is not published yet. */
  slides?: string;
};

export type PartnerCategory = 'strategic' | 'technology';

export type Partner = {
  name: string;
  category: PartnerCategory;
  description: string;
  partnership: string;
  impact: string;
};

export type Association = {
  name: string;
  description: string;
  members: string;
};

export type PolicySubsection = { title: string; items: string[] };

export type PolicySection = {
  title: string;
  content: string[];
  subsections?: PolicySubsection[];
};

export type Office = {
  city: string;
  role: string;
  address: string[];
  email: string;
};
