/**
 * The sign-up password between steps 1 and 3, held in module memory only: never written to
 * storage, gone after a reload (step 3 then asks for it again).
 */
let password = '';

export const signupPassword = {
  get: () => password,
  set: (value: string) => {
    password = value;
  },
  clear: () => {
    password = '';
  },
};
