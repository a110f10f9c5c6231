/**
 * Failures a form shows on its own fields (the server names the field: `body.email: …`). Calls made from a
 * form keep these out of the global toast; the form reports any that names no field of its own.
 */
export const FORM_ERROR_CODES: readonly string[] = ['BAD_REQUEST', 'CONFLICT'];
