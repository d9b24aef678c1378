import { UserError } from 'n8n-workflow';

/**
 * A parameter value the service would reject, caught before any request is sent.
 * The router turns it into a NodeOperationError for the item it came from.
 */
export class InvalidParameterError extends UserError {
	constructor(
		readonly label: string,
		readonly field: string,
		readonly value: unknown,
		readonly allowed: string,
	) {
		super(`Parameter "${label}" (${field}) is ${describeValue(value)}, but must be ${allowed}`);
	}
}

function describeValue(value: unknown): string {
	if (value === undefined) return 'missing';
	if (typeof value === 'string') return value.trim() === '' ? 'empty' : JSON.stringify(value);
	try {
		return JSON.stringify(value) ?? String(value);
	} catch {
		return String(value);
	}
}
