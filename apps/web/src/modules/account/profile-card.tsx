import { LANGUAGE_LABELS, SUPPORTED_LANGUAGES, type UpdateMyProfileInput, updateMyProfileSchema } from '@tidewise/shared/account';
import { useEffect } from 'react';
import { useMutation, useQuery } from 'urql';
import { useSession } from '../../lib/session.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Input } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Form, FormAlert, useSaved, SelectField, setServerError, TextField, useZodForm } from '../../ui/form.tsx';
import { mutationError } from '../../lib/errors.ts';
import { MyOrganizationUserQuery, UpdateMyProfileMutation } from './graphql.ts';

/** The signed-in user's own name, job position and language. */
export const ProfileCard = () => {
  const session = useSession();
  const { user } = session;
  const [membership] = useQuery({ query: MyOrganizationUserQuery, variables: {}, pause: !user?.organizationUser });
  const form = useZodForm(updateMyProfileSchema, {
    defaultValues: {
      firstName: user?.organizationUser?.firstName ?? '',
      lastName: user?.organizationUser?.lastName ?? '',
      jobPosition: '',
      language: user?.language ?? 'en',
    },
  });
  const [, update] = useMutation(UpdateMyProfileMutation);
  const { isSubmitting } = form.formState;
  const saved = useSaved(form);
  const jobPosition = membership.data?.myOrganizationUser.jobPosition;
  useEffect(() => {
    if (jobPosition && !form.getValues('jobPosition')) form.resetField('jobPosition', { defaultValue: jobPosition });
  }, [jobPosition, form]);

  const submit = async (values: UpdateMyProfileInput) => {
    const input = {
      firstName: values.firstName,
      lastName: values.lastName,
      jobPosition: values.jobPosition || null,
      language: values.language ?? null,
    };
    const result = await update({ input });
    if (
      setServerError(
        form,
        mutationError(result, (d) => d.updateMyProfile),
      ) ||
      !user?.organizationUser
    )
      return;
    session.setSession({
      user: {
        ...user,
        language: input.language,
        organizationUser: { ...user.organizationUser, firstName: input.firstName, lastName: input.lastName },
      },
      token: session.token,
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name as colleagues, customers and suppliers see it.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
          <FormAlert control={form.control} />
          {saved ? <Alert variant="success">Profile saved.</Alert> : null}
          <div className="grid gap-5 md:grid-cols-2">
            <TextField control={form.control} name="firstName" id="profile-first-name" label="First name" autoComplete="given-name" />
            <TextField control={form.control} name="lastName" id="profile-last-name" label="Last name" autoComplete="family-name" />
            <TextField
              control={form.control}
              name="jobPosition"
              id="profile-job"
              label="Job position"
              optional
              autoComplete="organization-title"
            />
            <SelectField control={form.control} name="language" id="profile-language" label="Language">
              {SUPPORTED_LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {LANGUAGE_LABELS[language]}
                </option>
              ))}
            </SelectField>
          </div>
          <FormField id="profile-email" label="Email">
            <Input id="profile-email" value={user?.email ?? ''} readOnly aria-describedby="profile-email-hint" />
          </FormField>
          <p id="profile-email-hint" className="-mt-3 text-xs text-muted-foreground">
            To sign in with another address, ask your administrator.
          </p>
          <Button type="submit" className="self-start" disabled={isSubmitting}>
            {isSubmitting ? <Spinner className="text-current" label="Saving" /> : null}
            Save profile
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
};
