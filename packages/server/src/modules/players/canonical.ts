import { canonicalCountry, canonicalLanguage, canonicalOs } from '@rookery/contracts';
import type { Db } from '../../platform/db/client.js';
import { rewriteColumns } from '../../platform/db/data-steps.js';

/**
 * Players stored before logins canonicalised what the game reports (migration 0024): their
 * language, country and os are made canonical once, by the same functions the login uses, with
 * the old text kept in the `reported_*` column where it differs (`src/data-steps.ts` runs it at
 * start). A language that is no tag and a country that is no ISO code become null, as the engine
 * read them before.
 */
export const canonicalisePlayerAttributes = (db: Db, batch = 50_000) =>
  rewriteColumns(db, {
    table: 'players',
    key: 'id',
    batch,
    columns: [
      { column: 'language', to: canonicalLanguage, reported: 'reported_language' },
      { column: 'country', to: canonicalCountry, reported: 'reported_country' },
      { column: 'os', to: canonicalOs, reported: 'reported_os' },
    ],
  });
