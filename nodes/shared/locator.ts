import type { INodeProperties } from 'n8n-workflow';

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
