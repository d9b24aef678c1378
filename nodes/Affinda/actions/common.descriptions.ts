import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator, withUrlMode } from '../../shared/locator';
import { concurrencyOption, requestTimeoutOption, workspaceLocator } from '../../shared/parameters';
import { byDisplayName } from '../../shared/order';
import { returnAllAndLimit } from '../helpers/paging';
import { filtersCollection, type QueryParameter } from '../helpers/query';
import { INDICES } from '../search/indices';

/** Parameters several operations share, defined once. */

/** Index names, loaded from the service for one document type. */
export function indicesParameter(loadOptionsMethod: string, description: string): INodeProperties {
	return {
		...INDICES,
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod },
		required: true,
		default: [],
		description: `${description}. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

/** Name, required: what a create calls the new index or tag. */
export function nameParameter(placeholder: string, description: string): INodeProperties {
	return {
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder,
		description,
	};
}

/** A whole-number parameter bounded below, as the service's `x >= min` fields are. */
export function wholeNumberParameter(
	displayName: string,
	name: string,
	minValue: number,
	description: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'number',
		default: minValue,
		typeOptions: { minValue, numberPrecision: 0 },
		description,
	};
}

/**
 * The Options collection that closes an operation's parameters: Request Timeout always, and
 * Concurrency for operations that send a request per item.
 */
export function optionsCollection(
	options: INodeProperties[] = [],
	{ perItem = true }: { perItem?: boolean } = {},
): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [...options, requestTimeoutOption, ...(perItem ? [concurrencyOption] : [])].sort(
			byDisplayName,
		),
	};
}

/** The parsed documents a list picker offers, by the listSearch method that lists them. */
const DOCUMENT_LISTS = {
	resume: 'searchResumes',
	jobDescription: 'searchJobDescriptions',
	indexable: 'searchIndexableDocuments',
} as const;

/** A parsed document, picked from a searchable list of the right kind or given by identifier. */
export function parsedDocumentLocator(
	displayName: string,
	name: string,
	kind: keyof typeof DOCUMENT_LISTS,
	description: string,
): INodeProperties {
	return withUrlMode(resourceLocator(displayName, name, DOCUMENT_LISTS[kind], description));
}

/**
 * A tag: picked from the list, by its ID (a whole number), or, where `byName`, by its name in a
 * workspace (the documents' own, or the one picked beside it).
 */
export function tagLocator(description: string, byName: boolean): INodeProperties {
	const locator = resourceLocator('Tag', 'tag', 'searchTags', description, 'e.g. 12');
	return {
		...locator,
		required: true,
		modes: [
			...(locator.modes ?? []),
			...(byName
				? [
						{
							displayName: 'By Name',
							name: 'name',
							type: 'string' as const,
							placeholder: 'e.g. shortlisted',
						},
					]
				: []),
		],
	};
}

/** The workspace a tag belongs to: where it is looked for, created, or listed. */
export function tagWorkspaceLocator(description: string): INodeProperties {
	return { ...workspaceLocator, description };
}

/** A listing's parameters: Return All and Limit (pages of `pageSize`), its Filters, Options. */
export function listParameters(pageSize: number, filters: QueryParameter[]): INodeProperties[] {
	return [...returnAllAndLimit(pageSize), filtersCollection(filters), optionsCollection()];
}

/** The Document parameter of the operations on one document, and Compact. */
export const documentLocator: INodeProperties = {
	...withUrlMode(
		resourceLocator('Document', 'identifier', 'searchDocuments', 'The document, by its identifier'),
	),
	required: true,
};

export const compactOption: INodeProperties = {
	displayName: 'Compact',
	name: 'compact',
	type: 'boolean',
	default: false,
	description:
		'Whether to return each parsed field as its value only, without confidence scores, positions and other annotation details',
};
