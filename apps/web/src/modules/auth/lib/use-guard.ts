import { useState } from 'react';

/**
 * Evaluates a guard once, when the screen opens: a screen that clears its own state on success
 * (the reset success screen, the last sign-up step) must not then redirect itself away.
 */
export const useGuard = <T>(guard: () => T): T => useState(guard)[0];
