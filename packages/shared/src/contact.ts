import { z } from 'zod';

export const CONTACT_REASONS = ['demo', 'partnership', 'support', 'media', 'careers', 'other'] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

export const CONTACT_REASON_LABELS: Record<ContactReason, string> = {
  demo: 'Book a demo',
  partnership: 'Partnership',
  support: 'Customer support',
  media: 'Media and press',
  careers: 'Careers',
  other: 'Something else',
};

/** The contact form, checked the same way in the browser and on the server. */
export const contactRequestSchema = z.object({
  name: z.string().trim().min(1, { error: 'Enter your name' }).max(120, { error: 'Name must be at most 120 characters' }),
  email: z
    .string()
    .trim()
    .min(1, { error: 'Enter your email address' })
    .pipe(z.email({ error: 'Enter a valid email address, like name@company.com' })),
  company: z.string().trim().min(1, { error: 'Enter your company' }).max(160, { error: 'Company must be at most 160 characters' }),
  reason: z.enum(CONTACT_REASONS, { error: 'Choose a reason' }),
  message: z.string().trim().min(1, { error: 'Enter a message' }).max(5000, { error: 'Message must be at most 5000 characters' }),
});

export type ContactRequestInput = z.infer<typeof contactRequestSchema>;
