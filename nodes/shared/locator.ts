import type { INodeProperties } from 'n8n-workflow';

import { DOCUMENT_LINK, DOCUMENT_LINK_EXAMPLE } from './readers';

/**
 * A resource locator: pick from a searchable list (the node's `searchListMethod`), or type an
 * identifier (or an expression). Shared by the Affinda node and the Affinda Trigger.
 */
export function resourceLocator(
	displayName: string,
	name: string,
	searchListMethod: string,
	description: string,
	placeholder = 'e.g. mEFayXdO',
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
				placeholder,
			},
		],
	};
}

/** A document locator also takes the document's link (By URL): its identifier is the last segment. */
export function withUrlMode(locator: INodeProperties): INodeProperties {
	const regex = DOCUMENT_LINK.source;
	return {
		...locator,
		modes: [
			...(locator.modes ?? []),
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: `e.g. ${DOCUMENT_LINK_EXAMPLE}`,
				extractValue: { type: 'regex', regex },
				validation: [
					{
						type: 'regex',
						properties: {
							regex,
							errorMessage: "Not a document's link (ending in /documents/ and its identifier)",
						},
					},
				],
			},
		],
	};
}
