import { z } from 'zod';
import { language } from '../locales.js';
import { RANK_BY } from './figures.js';
import { analysisFilter } from './filter.js';
import { taskSearch } from './tasks.js';

/* Taking the figures away: the table on screen or the raw tasks, as CSV or XLSX, in a language and units. */

export const EXPORT_CONTENTS = ['ranking', 'trend', 'tasks'] as const;
export type ExportContent = (typeof EXPORT_CONTENTS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const UNIT_SYSTEM_NAMES = ['metric', 'imperial'] as const;

/** The answer's header with the number of data rows the file will hold, for a progress bar. */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

export const exportAnalysisBody = z
  .object({
    content: z.enum(EXPORT_CONTENTS),
    format: z.enum(EXPORT_FORMATS),
    language,
    units: z.enum(UNIT_SYSTEM_NAMES),
    filter: analysisFilter,
    /** The ranking's grouping (content `ranking`). */
    by: z.enum(RANK_BY).optional(),
    /** The drill-down's narrowing (content `tasks`); its scope is the filter's when absent. */
    search: taskSearch.optional(),
  })
  .refine((b) => b.content !== 'ranking' || b.by !== undefined, {
    path: ['by'],
    message: 'a ranking export says what it ranks by',
  });
export type ExportAnalysisBody = z.infer<typeof exportAnalysisBody>;
