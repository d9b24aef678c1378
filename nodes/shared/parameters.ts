import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { resourceLocator } from './locator';
import { invalid, parseJsonObject } from './readers';
import { DEFAULT_TIMEOUT_SECONDS, REQUEST_TIMEOUT } from './transport/timeouts';

/**
 * The parameters that several operations and both triggers offer, defined once (the triggers'
 * own, Scope → Workspace, the windows, Fetch Document and its Output, are in triggerSettings.ts): the Organization,
 * Workspace and Document Type locators, Data (JSON), and the Options every operation closes with,
 * Request Timeout and Concurrency. A user gives its own description (what the parameter is for
 * there), and `required` or `displayOptions` where it needs them; the name, type and lists stay.
 */

export const organizationLocator: INodeProperties = resourceLocator(
	'Organization',
	'organization',
	'searchOrganizations',
	'The organization, by its identifier',
);

export const workspaceLocator: INodeProperties = resourceLocator(
	'Workspace',
	'workspace',
	'searchWorkspaces',
	'Workspace the document belongs to; lists the workspaces of all your organizations',
);

export const documentTypeLocator: INodeProperties = resourceLocator(
	'Document Type',
	'documentType',
	'searchDocumentTypes',
	'Parse the document as this type and skip classification. Leave empty to let Affinda classify it.',
);

/** Data: a document's fields as JSON, shaped like its parsed data. */
export function dataParameter(placeholder: string, description: string): INodeProperties {
	return {
		displayName: 'Data',
		name: 'data',
		type: 'json',
		required: true,
		// Empty: an example here would reach Affinda if the workflow ran unchanged.
		default: '',
		placeholder,
		description,
	};
}

/** Data's value: a JSON object with at least one field, or the error naming the parameter. */
export function readData(parameter: INodeProperties, value: unknown): IDataObject {
	const data = parseJsonObject(value);
	if (!data || Object.keys(data).length === 0) {
		invalid(parameter, value, 'a JSON object with at least one field');
	}
	return data;
}

export const requestTimeoutOption = wholeNumberOption(
	REQUEST_TIMEOUT,
	DEFAULT_TIMEOUT_SECONDS,
	'How long to wait for an answer to each request before the item fails. An upload that waits for parsing is bounded by Parsing Timeout instead.',
);

/**
 * Options → Concurrency: how many items are worked on at once (read from the first item: it is
 * the node's setting). Five keeps a few requests in flight without crowding the service.
 */
export const DEFAULT_CONCURRENCY = 5;

export const CONCURRENCY = {
	displayName: 'Concurrency',
	name: 'concurrency',
	bounds: { min: 1, max: 50 },
} as const;

/** Options → Concurrency, for operations that send a request per item (read by the router). */
export const concurrencyOption: INodeProperties = {
	...wholeNumberOption(
		CONCURRENCY,
		DEFAULT_CONCURRENCY,
		'How many items to send to Affinda at once. 1 sends them one after another, in order. The output keeps the order of the input items either way; uploads waiting for parsing do not count.',
	),
	noDataExpression: true,
};

/**
 * Where the documents are: a workspace (the default) or the other place a node offers
 * (`collection`, `organization`), each with what choosing it means there. Options are named
 * after their values (Workspace, Collection, Organization).
 */
export function whereParameter(
	displayName: string,
	name: string,
	descriptions: { workspace: string } & Partial<Record<'collection' | 'organization', string>>,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'options',
		noDataExpression: true,
		default: 'workspace',
		options: Object.entries(descriptions).map(([value, description]) => ({
			name: value.charAt(0).toUpperCase() + value.slice(1),
			value,
			description,
		})),
	};
}

/** An option for a whole number within its bounds, from the spec its reader checks against. */
export function wholeNumberOption(
	spec: { displayName: string; name: string; bounds: { min: number; max: number } },
	defaultValue: number,
	description: string,
): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'number',
		default: defaultValue,
		typeOptions: { minValue: spec.bounds.min, maxValue: spec.bounds.max, numberPrecision: 0 },
		description,
	};
}
