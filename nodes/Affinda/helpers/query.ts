import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { rowOf, toWireValue, type PropertyRow } from '../../shared/wireRows';
import { byName } from '../../shared/order';

/**
 * Filters and options that become a list's query string: rows of the one table shape
 * (shared/wireRows.ts), each parameter with its kind; their values translate as every row's do.
 */

/** A filter added and not yet chosen: it filters nothing, so adding it changes no result. */
export const ANY = 'any';

/** A query parameter: its definition in the panel (its name is the query's) and its kind. */
export type QueryParameter = PropertyRow;

/** A query value, read by its parameter's kind; undefined when blank or left at Any. */
function toQueryValue(parameter: QueryParameter, value: unknown): unknown {
	if (value === ANY) return undefined;
	const wire = toWireValue(rowOf(parameter), value);
	// Lists go as comma-separated values, as the service's own clients send them.
	if (Array.isArray(wire)) return wire.length > 0 ? wire.join(',') : undefined;
	return wire;
}

/** The query string of the parameters that are set, each under its parameter's name. */
export function toQuery(parameters: readonly QueryParameter[], values: IDataObject): IDataObject {
	const qs: IDataObject = {};
	for (const parameter of parameters) {
		const given = values[parameter.property.name];
		if (given === undefined) continue;
		const value = toQueryValue(parameter, given);
		if (value !== undefined) qs[parameter.property.name] = value;
	}
	return qs;
}

/** A list's Filters: a collection of the filter parameters, each added only when wanted. */
export function filtersCollection(filters: readonly QueryParameter[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: filters.map(({ property }) => property),
	};
}

/** The query values of an item's Filters. */
export function filtersQuery(
	this: IExecuteFunctions,
	itemIndex: number,
	filters: readonly QueryParameter[],
): IDataObject {
	return toQuery(filters, this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
}

/** Name: only the one entry (`what`: index, tag) of this name. */
export function nameFilter(what: string): QueryParameter {
	return {
		kind: 'text',
		property: {
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			description: `Only the ${what} with this name`,
		},
	};
}

/** A choice filter: `any` (its name, e.g. Any Time), then only the entries of the value chosen. */
export function choiceFilter(
	property: Pick<INodeProperties, 'displayName' | 'name' | 'description'>,
	any: string,
	choices: Array<{ name: string; value: string }>,
): QueryParameter {
	return {
		property: {
			displayName: property.displayName,
			name: property.name,
			type: 'options',
			default: ANY,
			options: [{ name: any, value: ANY }, ...choices],
			description: property.description,
		},
		kind: 'choice',
	};
}

/** A yes/no filter: Any, or only the documents for which `name` is true or false. */
export function yesNoFilter(
	property: Pick<INodeProperties, 'displayName' | 'name' | 'description'>,
	yes: string,
	no: string,
): QueryParameter {
	return {
		property: {
			...property,
			type: 'options',
			default: ANY,
			// Any first, then the two in alphabetical order, as n8n lists options.
			options: [
				{ name: 'Any', value: ANY },
				...[
					{ name: yes, value: 'true' },
					{ name: no, value: 'false' },
				].sort(byName),
			],
		},
		kind: 'flag',
	};
}
