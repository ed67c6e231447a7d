import { type SyntheticEvent, useState } from 'react';
import { rangeError } from './filters.ts';

type DateRangeForm = { userId: string; from: string; to: string };

/**
 * The filter form of a log screen: what is typed (`form`), what is applied (`filter`), the date-range
 * error, and the page, which goes back to 1 whenever the filter changes.
 */
export const useLogFilters = <Form extends DateRangeForm, Filter>(empty: Form, toFilter: (form: Form) => Filter | null) => {
  const [form, setForm] = useState<Form>(empty);
  const [filter, setFilter] = useState<Filter | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  const set = (field: keyof Form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: event.target.value }));
  const setUserId = (userId: string) => setForm((f) => ({ ...f, userId }));
  const apply = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = rangeError(form.from, form.to);
    setFormError(error);
    if (error) return;
    setFilter(toFilter(form));
    setPage(1);
  };
  const reset = () => {
    setForm(empty);
    setFilter(null);
    setFormError(null);
    setPage(1);
  };
  return { form, set, setUserId, filter, formError, page, setPage, apply, reset };
};
