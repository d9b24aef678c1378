/**
 * Alphabetical order of options, ignoring case, as n8n lists them. Not localeCompare: its first
 * call loads the ICU collator, which adds about 15 ms to loading the node when a list is sorted as
 * a module loads, and the names are plain English.
 */
function alphabetical(left: string, right: string): number {
	const a = left.toLowerCase();
	const b = right.toLowerCase();
	return a < b ? -1 : a > b ? 1 : 0;
}

/** Parameters by display name. */
export function byDisplayName(a: { displayName: string }, b: { displayName: string }): number {
	return alphabetical(a.displayName, b.displayName);
}

/** Options (of a list parameter) by name. */
export function byName(a: { name: string }, b: { name: string }): number {
	return alphabetical(a.name, b.name);
}
