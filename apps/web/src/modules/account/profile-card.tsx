import { type SyntheticEvent, useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useSession } from '../../lib/session.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { describedBy, FormField } from '../../ui/form-field.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { mutationFailure } from '../../lib/errors.ts';
import { MyOrganizationUserQuery, UpdateMyProfileMutation } from './graphql.ts';

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'da', label: 'Dansk' },
  { value: 'de', label: 'Deutsch' },
  { value: 'nb', label: 'Norsk bokmål' },
];

type Values = { firstName: string; lastName: string; jobPosition: string; language: string };

/** The signed-in user's own name, job position and language. */
export const ProfileCard = () => {
  const session = useSession();
  const { user } = session;
  const [membership] = useQuery({ query: MyOrganizationUserQuery, variables: {}, pause: !user?.organizationUser });
  const [values, setValues] = useState<Values>({
    firstName: user?.organizationUser?.firstName ?? '',
    lastName: user?.organizationUser?.lastName ?? '',
    jobPosition: '',
    language: user?.language ?? 'en',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [{ fetching }, update] = useMutation(UpdateMyProfileMutation);
  const jobPosition = membership.data?.myOrganizationUser.jobPosition;
  useEffect(() => {
    if (jobPosition) setValues((v) => ({ ...v, jobPosition: v.jobPosition || jobPosition }));
  }, [jobPosition]);

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setSaved(false);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!values.firstName.trim()) next.firstName = 'Enter your first name';
    if (!values.lastName.trim()) next.lastName = 'Enter your last name';
    setErrors(next);
    if (next.firstName || next.lastName) {
      document.getElementById(next.firstName ? 'profile-first-name' : 'profile-last-name')?.focus();
      return;
    }
    setServerError(null);
    const input = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      jobPosition: values.jobPosition.trim() || null,
      language: values.language || null,
    };
    const result = await update({ input });
    const failure = mutationFailure(result, (d) => d.updateMyProfile);
    setServerError(failure);
    setSaved(!failure);
    if (!failure && user?.organizationUser) {
      session.setSession({
        user: {
          ...user,
          language: input.language,
          organizationUser: { ...user.organizationUser, firstName: input.firstName, lastName: input.lastName },
        },
        token: session.token,
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name as colleagues, customers and suppliers see it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
          <ServerAlert message={serverError} />
          {saved ? <Alert variant="success">Profile saved.</Alert> : null}
          <div className="grid gap-5 md:grid-cols-2">
            <FormField id="profile-first-name" label="First name" error={errors.firstName}>
              <Input
                id="profile-first-name"
                autoComplete="given-name"
                value={values.firstName}
                onChange={set('firstName')}
                aria-invalid={Boolean(errors.firstName) || undefined}
                aria-describedby={describedBy('profile-first-name', { error: errors.firstName })}
              />
            </FormField>
            <FormField id="profile-last-name" label="Last name" error={errors.lastName}>
              <Input
                id="profile-last-name"
                autoComplete="family-name"
                value={values.lastName}
                onChange={set('lastName')}
                aria-invalid={Boolean(errors.lastName) || undefined}
                aria-describedby={describedBy('profile-last-name', { error: errors.lastName })}
              />
            </FormField>
            <FormField id="profile-job" label="Job position" optional>
              <Input id="profile-job" autoComplete="organization-title" value={values.jobPosition} onChange={set('jobPosition')} />
            </FormField>
            <FormField id="profile-language" label="Language">
              <Select id="profile-language" value={values.language} onChange={set('language')}>
                {LANGUAGES.map((l) => (
                  <option key={l.value} value={l.value}>
                    {l.label}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          <FormField id="profile-email" label="Email">
            <Input id="profile-email" value={user?.email ?? ''} readOnly aria-describedby="profile-email-hint" />
          </FormField>
          <p id="profile-email-hint" className="-mt-3 text-xs text-muted-foreground">
            To sign in with another address, ask your administrator.
          </p>
          <Button type="submit" className="self-start" disabled={fetching}>
            {fetching ? <Spinner className="text-current" label="Saving" /> : null}
            Save profile
          </Button>
        </form>
      </CardContent>
    </Card>
  );
};
