import type { IDataObject } from 'n8n-workflow';

/**
 * A JSON parameter's value as an object: n8n hands it over as text, or as an object from an
 * expression. Undefined when it is not valid JSON or not an object (arrays included).
 */
export function toJsonObject(value: unknown): IDataObject | undefined {
	let parsed: unknown = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			return undefined;
		}
	}
	return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
		? (parsed as IDataObject)
		: undefined;
}
