import { invalid, readNameList } from '../../shared/readers';

/** Index Names or IDs, which both search bodies require: its label and name, for the parameter and its check. */
export const INDICES = { displayName: 'Index Names or IDs', name: 'indices' } as const;

/** `indices` is required by both search bodies: a non-empty list of index names. */
export function toIndices(value: unknown): string[] {
	const allowed = 'at least one index name';
	const indices = readNameList(INDICES, value, allowed);
	if (indices.length === 0) invalid(INDICES, value, allowed);
	return indices;
}
