import { createContext, type ReactNode, useContext } from 'react';

/** An IANA zone name; undefined means the browser's own zone. */
const TimeZoneContext = createContext<string | undefined>(undefined);

/**
 * The zone dates are shown in below this point. The application frame sets it from the viewer
 * (`useViewerTimeZone`); the public, sign-in and supplier areas leave it unset: the reader's own zone.
 */
export const TimeZoneProvider = ({ timeZone, children }: { timeZone: string | undefined; children: ReactNode }) => (
  <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>
);

export const useTimeZone = () => useContext(TimeZoneContext);
