import { updateOrganizationSchema } from '@tidewise/shared/organization';
import { useEffect } from 'react';
import { useMutation } from 'urql';
import { z } from 'zod';
import { Alert } from '../../ui/alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Form, FormAlert, useSaved, setServerError, TextField, useZodForm } from '../../ui/form.tsx';
import { mutationError } from '../../lib/errors.ts';
import { humanize } from '../../lib/format.ts';
import { type Organization, UpdateOrganizationMutation } from './graphql.ts';

/** The server's rules for name, website and location (`updateOrganization`), with this screen's own "Enter the organisation name". */
const profileSchema = updateOrganizationSchema.pick({ websiteUrl: true, location: true }).extend({
  name: z.string().trim().min(1, { error: 'Enter the organisation name' }).pipe(updateOrganizationSchema.shape.name.unwrap()),
});

/** Name, website and location; read-only without `organization:update`. */
export const ProfileCard = ({ organization, canEdit }: { organization: Organization; canEdit: boolean }) => {
  const initial = { name: organization.name, websiteUrl: organization.websiteUrl ?? '', location: organization.location ?? '' };
  const form = useZodForm(profileSchema, { defaultValues: initial });
  const { isSubmitting } = form.formState;
  const saved = useSaved(form);
  const [, update] = useMutation(UpdateOrganizationMutation);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored organization changes
  useEffect(
    () => form.reset(initial, { keepIsSubmitSuccessful: true }),
    [organization.name, organization.websiteUrl, organization.location],
  );

  const submit = async ({ name, websiteUrl, location }: z.output<typeof profileSchema>) => {
    const result = await update({ input: { name, websiteUrl: websiteUrl ?? null, location: location ?? null } });
    setServerError(
      form,
      mutationError(result, (d) => d.updateOrganization),
    );
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>Profile</CardTitle>
          <StatusBadge variant="secondary">{organization.organizationTypeLabel ?? humanize(organization.organizationType)}</StatusBadge>
          {organization.registrationStatus ? (
            <StatusBadge variant="outline">{humanize(organization.registrationStatus)}</StatusBadge>
          ) : null}
        </div>
        <CardDescription>How your organisation appears to your customers and suppliers.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
          <FormAlert control={form.control} />
          {saved ? <Alert variant="success">Profile saved.</Alert> : null}
          <TextField
            control={form.control}
            name="name"
            id="org-name"
            label="Organisation name"
            readOnly={!canEdit}
            autoComplete="organization"
            required
          />
          <div className="grid gap-5 md:grid-cols-2">
            <TextField
              control={form.control}
              name="websiteUrl"
              id="org-website"
              label="Website"
              optional
              type="url"
              inputMode="url"
              placeholder="https://example.com"
              readOnly={!canEdit}
            />
            <TextField
              control={form.control}
              name="location"
              id="org-location"
              label="Location"
              optional
              placeholder="City, country"
              readOnly={!canEdit}
            />
          </div>
          {canEdit ? (
            <Button type="submit" className="self-start" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="text-current" label="Saving" /> : null}
              Save profile
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">Only administrators can change the profile.</p>
          )}
        </Form>
      </CardContent>
    </Card>
  );
};
