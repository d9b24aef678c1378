import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Reads the lists that fill dropdowns. The editor shows a dropdown's error in place of its options,
 * so an answer that is not the documented list becomes an error saying what was asked, what came
 * back and what was expected, instead of a TypeError or a silently empty list.
 */

/** Where a list comes from and what its entries must hold, for reading it and for its errors. */
export interface ListSource {
	/** Plural, as a person names the entries: "occupation groups". */
	what: string;
	/** The request, as the service documents it: "GET /v3/occupation_groups". */
	request: string;
	/** Fields every entry must carry, with their JSON type. */
	fields: Record<string, 'string' | 'number'>;
}

/** A short, key-free account of a JSON value, for error messages. */
export function describeAnswer(value: unknown): string {
	if (value === undefined || value === '') return 'an empty answer';
	if (value === null) return 'null';
	if (typeof value === 'string') {
		return `text ("${value.length > 40 ? `${value.slice(0, 40)}…` : value}")`;
	}
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') {
		const keys = Object.keys(value);
		if (keys.length === 0) return 'an empty answer';
		return `an object with ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}`;
	}
	return `${typeof value} ${String(value)}`;
}

export function unexpectedAnswer(
	this: ILoadOptionsFunctions,
	source: ListSource,
	found: string,
): NodeOperationError {
	return new NodeOperationError(
		this.getNode(),
		`Could not load the ${source.what}: ${source.request} answered with ${found}`,
		{
			description:
				'The list comes from the Affinda API. Check that the credential points at it (Region or Base URL); until then the value can be entered as an expression.',
		},
	);
}

function describeFields(fields: ListSource['fields']): string {
	return Object.entries(fields)
		.map(([name, type]) => `a ${type} "${name}"`)
		.join(' and ');
}

/** `answer` as the list `source` documents: an array of objects carrying its fields. */
export function listFrom(
	this: ILoadOptionsFunctions,
	answer: unknown,
	source: ListSource,
): IDataObject[] {
	if (!Array.isArray(answer)) {
		throw unexpectedAnswer.call(this, source, `${describeAnswer(answer)}, not a list`);
	}
	for (const entry of answer as unknown[]) {
		const complete =
			typeof entry === 'object' &&
			entry !== null &&
			!Array.isArray(entry) &&
			Object.entries(source.fields).every(
				([name, type]) => typeof (entry as IDataObject)[name] === type,
			);
		if (!complete) {
			throw unexpectedAnswer.call(
				this,
				source,
				`a list holding ${describeAnswer(entry)}, where each entry needs ${describeFields(source.fields)}`,
			);
		}
	}
	return answer as IDataObject[];
}
