/**
 * The last row of a CSV export that stopped before its end (the database went away mid-way): the file a user or
 * a script receives says so in its last line, instead of ending early as if it were complete. The console reads
 * it and reports the failure.
 */
export const CSV_INCOMPLETE_MARKER = '#EXPORT-INCOMPLETE';
