/** How long 'Copied!' stays up (spec 1 §2). */
export const copiedConfirmationMs = 3000;
