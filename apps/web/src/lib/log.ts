/** The browser's one logging door: swap for a collector later without touching callers. */
export const log = {
  warn: (message: string, ...details: unknown[]) => console.warn(message, ...details),
  error: (message: string, ...details: unknown[]) => console.error(message, ...details),
  info: (message: string, ...details: unknown[]) => console.info(message, ...details),
};
