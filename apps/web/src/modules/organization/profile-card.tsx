import { type SyntheticEvent, useEffect, useState } from 'react';
import { useMutation } from 'urql';
import { Alert } from '../../ui/alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Input } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { describedBy, FormField } from '../../ui/form-field.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { mutationFailure } from '../../lib/errors.ts';
import { humanize } from '../../lib/format.ts';
import { type Organization, UpdateOrganizationMutation } from './graphql.ts';

type Values = { name: string; websiteUrl: string; location: string };

const isWebsite = (value: string) => {
  if (!value) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** Name, website and location; read-only without `organization:update`. */
export const ProfileCard = ({ organization, canEdit }: { organization: Organization; canEdit: boolean }) => {
  const initial = { name: organization.name, websiteUrl: organization.websiteUrl ?? '', location: organization.location ?? '' };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [{ fetching }, update] = useMutation(UpdateOrganizationMutation);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the stored organization changes
  useEffect(() => setValues(initial), [organization.name, organization.websiteUrl, organization.location]);

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setSaved(false);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!values.name.trim()) next.name = 'Enter the organisation name';
    if (!isWebsite(values.websiteUrl.trim())) next.websiteUrl = 'The website must start with http:// or https://';
    setErrors(next);
    if (Object.keys(next).length > 0) {
      document.getElementById(next.name ? 'org-name' : 'org-website')?.focus();
      return;
    }
    setServerError(null);
    const result = await update({
      input: { name: values.name.trim(), websiteUrl: values.websiteUrl.trim() || null, location: values.location.trim() || null },
    });
    const failure = mutationFailure(result, (d) => d.updateOrganization);
    setServerError(failure);
    setSaved(!failure);
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
        <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
          <ServerAlert message={serverError} />
          {saved ? <Alert variant="success">Profile saved.</Alert> : null}
          <FormField id="org-name" label="Organisation name" error={errors.name}>
            <Input
              id="org-name"
              value={values.name}
              onChange={set('name')}
              readOnly={!canEdit}
              aria-invalid={Boolean(errors.name) || undefined}
              aria-describedby={describedBy('org-name', { error: errors.name })}
              autoComplete="organization"
              required
            />
          </FormField>
          <div className="grid gap-5 md:grid-cols-2">
            <FormField id="org-website" label="Website" optional error={errors.websiteUrl}>
              <Input
                id="org-website"
                type="url"
                inputMode="url"
                placeholder="https://example.com"
                value={values.websiteUrl}
                onChange={set('websiteUrl')}
                readOnly={!canEdit}
                aria-invalid={Boolean(errors.websiteUrl) || undefined}
                aria-describedby={describedBy('org-website', { error: errors.websiteUrl })}
              />
            </FormField>
            <FormField id="org-location" label="Location" optional>
              <Input id="org-location" placeholder="City, country" value={values.location} onChange={set('location')} readOnly={!canEdit} />
            </FormField>
          </div>
          {canEdit ? (
            <Button type="submit" className="self-start" disabled={fetching}>
              {fetching ? <Spinner className="text-current" label="Saving" /> : null}
              Save profile
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">Only administrators can change the profile.</p>
          )}
        </form>
      </CardContent>
    </Card>
  );
};
