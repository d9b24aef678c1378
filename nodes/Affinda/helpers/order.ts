/**
 * Alphabetical order of options by display name, ignoring case, as n8n lists them. Not
 * localeCompare: its first call loads the ICU collator, which would add about 15 ms to loading
 * the node, and display names are plain English.
 */
export function byDisplayName(a: { displayName: string }, b: { displayName: string }): number {
	const left = a.displayName.toLowerCase();
	const right = b.displayName.toLowerCase();
	return left < right ? -1 : left > right ? 1 : 0;
}
