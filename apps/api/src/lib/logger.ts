import { pino } from 'pino';

export type Logger = pino.Logger;

/** Root logger. Secrets never reach it: tokens, passwords and codes are redacted by path. */
export const createLogger = (level: string): Logger =>
  pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        '*.password',
        '*.authSecret',
        '*.token',
        '*.code',
        '*.refreshToken',
        'variables.input.authSecret',
        'variables.input.password',
        'variables.input.code',
        'variables.input.token',
      ],
      censor: '[redacted]',
    },
  });
