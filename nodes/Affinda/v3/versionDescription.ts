import { versionDescription as version2, type VersionDescription } from '../v2/versionDescription';

/**
 * Version 3: the flat search rows hold the score of each criterion searched only, not a column
 * for every criterion the service scores. Its parameters are version 2's.
 */
export const versionDescription: VersionDescription = { ...version2, version: 3 };
