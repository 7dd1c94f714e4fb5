/**
 * Codes with their own display rule (spec 3 §8): warnings rather than errors, the one never toasted,
 * and the account-migration code. Apart from the catalogue so the web's entry need not carry it.
 */
export const WARNING_CODES: readonly number[] = [62, 29];
export const SILENT_CODE = 78;
export const ACCOUNT_MIGRATED_CODE = 60;
