import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../shared/locator';
import { documentTypeLocator, triggerWorkspaceParameter } from '../shared/parameters';
import { triggerDocumentParameters } from '../shared/output/outputProperties';
import { EVENT_OPTIONS } from './events';

/** The polling trigger's parameters, with the bounds the node checks again when it reads them. */

export const lateWindowParameter: INodeProperties = {
	displayName: 'Late Window (Minutes)',
	name: 'lateWindow',
	type: 'number',
	default: 60,
	typeOptions: { minValue: 1, maxValue: 1440, numberPrecision: 0 },
	description:
		"How late a document may show up in Affinda's list and still start the workflow (once): from its upload for the parse events, from its validation for Document Validated. Each poll reads the documents of this window again, so a wider one costs more requests.",
};

const eventParameter: INodeProperties = {
	displayName: 'Event',
	name: 'event',
	type: 'options',
	noDataExpression: true,
	default: 'document.parse.succeeded',
	options: EVENT_OPTIONS,
	description: 'What must have happened to a document for it to start the workflow',
};

export const pollingTriggerProperties: INodeProperties[] = [
	eventParameter,
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		noDataExpression: true,
		default: 'workspace',
		options: [
			{ name: 'Workspace', value: 'workspace', description: 'Documents of one workspace' },
			{ name: 'Collection', value: 'collection', description: 'Documents of one collection' },
		],
	},
	triggerWorkspaceParameter,
	{
		...resourceLocator(
			'Collection',
			'collection',
			'searchCollections',
			'The collection whose documents start the workflow',
		),
		required: true,
		displayOptions: { show: { scope: ['collection'] } },
	},
	{
		...documentTypeLocator,
		description: 'Only documents of this type start the workflow. Leave empty for every type.',
		displayOptions: { show: { scope: ['workspace'] } },
	},
	...triggerDocumentParameters('one more request per document', [lateWindowParameter]),
];
