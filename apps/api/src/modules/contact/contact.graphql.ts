import { CONTACT_REASONS, contactRequestSchema } from '@tidewise/shared/contact';
import { builder } from '../../schema/builder.ts';
import { MessageResponseRef } from '../../schema/common.graphql.ts';
import { submitContactRequest } from './operations/submit-contact-request.ts';

const ContactReason = builder.enumType('ContactReason', { values: CONTACT_REASONS });

const SubmitContactRequestInput = builder
  .inputType('SubmitContactRequestInput', {
    fields: (t) => ({
      name: t.string({ required: true }),
      email: t.string({ required: true }),
      company: t.string({ required: true }),
      reason: t.field({ type: ContactReason, required: true }),
      message: t.string({ required: true }),
      honeypot: t.string({ required: false, description: 'Leave empty. Filled only by bots.' }),
    }),
  })
  .validate(
    contactRequestSchema.extend({
      honeypot: contactRequestSchema.shape.name.optional().nullable().or(contactRequestSchema.shape.message.optional().nullable()),
    }),
  );

builder.mutationField('submitContactRequest', (t) =>
  t.field({
    type: MessageResponseRef,
    authScopes: { public: true },
    args: { input: t.arg({ type: SubmitContactRequestInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await submitContactRequest(ctx, input);
      return { success: true, message: 'Thank you. We will answer within 24 hours on business days.' };
    },
  }),
);
