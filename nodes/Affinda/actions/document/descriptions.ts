import type { INodeProperties } from 'n8n-workflow';

/** Parameters the document operations share, defined once. */

const IDENTIFIER_PLACEHOLDER = 'e.g. mEFayXdO';

/** A resource locator: pick from a searchable list, or type an identifier (or an expression). */
function locator(
	displayName: string,
	name: string,
	searchListMethod: string,
	description: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: IDENTIFIER_PLACEHOLDER,
			},
		],
	};
}

export const documentLocator: INodeProperties = {
	...locator('Document', 'identifier', 'searchDocuments', 'The document, by its identifier'),
	required: true,
};

export const workspaceLocator: INodeProperties = locator(
	'Workspace',
	'workspace',
	'searchWorkspaces',
	'Workspace the document belongs to; lists the workspaces of all your organizations',
);

export const documentTypeLocator: INodeProperties = locator(
	'Document Type',
	'documentType',
	'searchDocumentTypes',
	'Parse the document as this type and skip classification. Leave empty to let Affinda classify it.',
);

export const compactOption: INodeProperties = {
	displayName: 'Compact',
	name: 'compact',
	type: 'boolean',
	default: true,
	description:
		'Whether to return each parsed field as its value only, without confidence scores, positions and other annotation details',
};

/** The Options collection that closes an operation's parameters. */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options,
	};
}
