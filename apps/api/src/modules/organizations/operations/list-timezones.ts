import { supportedTimeZones, timeZoneOffset } from '@tidewise/shared/organization';

export type Timezone = { name: string; offset: string };

/** Every IANA zone the runtime knows with its current UTC offset, ordered by offset then name. */
export const listTimezones = (at = new Date()): Timezone[] => {
  const minutes = (offset: string) => {
    const sign = offset.startsWith('-') ? -1 : 1;
    const [h, m] = offset.slice(1).split(':').map(Number);
    return sign * ((h ?? 0) * 60 + (m ?? 0));
  };
  return supportedTimeZones()
    .map((name) => ({ name, offset: timeZoneOffset(name, at) }))
    .sort((a, b) => minutes(a.offset) - minutes(b.offset) || a.name.localeCompare(b.name));
};
