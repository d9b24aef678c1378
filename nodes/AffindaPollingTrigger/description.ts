import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../shared/locator';
import { documentTypeLocator, whereParameter } from '../shared/parameters';
import {
	minutesWindowOption,
	triggerDocumentParameters,
	triggerWorkspaceParameter,
} from '../shared/triggerSettings';
import { EVENT_OPTIONS } from './events';

/** The polling trigger's parameters, with the bounds the node checks again when it reads them. */

export const lateWindowParameter: INodeProperties = minutesWindowOption(
	'Late Window (Minutes)',
	'lateWindow',
	60,
	"How late a document may show up in Affinda's list and still start the workflow (once): from its upload for the parse events, from its validation for Document Validated. Each poll reads the documents of this window again, so a wider one costs more requests.",
);

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
	whereParameter('Scope', 'scope', {
		workspace: 'Documents of one workspace',
		collection: 'Documents of one collection',
	}),
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
