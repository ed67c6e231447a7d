/** Product identity shown in the UI, in emails and as the TOTP issuer. */
export const PRODUCT_NAME = 'Tidewise';
export const PRODUCT_TAGLINE = 'Scope 3 data sharing for the maritime and offshore sector';
