import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator, withUrlMode } from '../../../shared/locator';

/** Parameters the document operations share, defined once. */

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
