import type { INodeProperties } from 'n8n-workflow';

import { organizationLocator, whereParameter } from '../shared/parameters';
import {
	minutesWindowOption,
	triggerDocumentParameters,
	triggerWorkspaceParameter,
} from '../shared/triggerSettings';
import { DOCUMENT_EVENTS } from '../shared/documentEvents';

/** The trigger's parameters, with the bounds the node checks again when it reads them. */

export const replayWindowParameter: INodeProperties = minutesWindowOption(
	'Replay Window (Minutes)',
	'replayWindow',
	5,
	'Events whose signed timestamp is further from now than this are refused as replays. Widen it if n8n can be unreachable for longer: a delivery Affinda retries later may carry its first timestamp.',
);

export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: ['document.parse.succeeded'],
		options: [...DOCUMENT_EVENTS],
		description: 'The events that start the workflow; each becomes its own subscription at Affinda',
	},
	whereParameter('Scope', 'scope', {
		workspace: 'Events of the documents in one workspace',
		organization: 'Events of the documents in every workspace of an organization',
	}),
	triggerWorkspaceParameter,
	{
		...organizationLocator,
		description:
			"The organization whose documents start the workflow. Leave empty when the API key's user belongs to one organization only.",
		displayOptions: { show: { scope: ['organization'] } },
	},
	...triggerDocumentParameters('the event itself carries only its identifier and status', [
		replayWindowParameter,
		{
			displayName: 'Require Signature',
			name: 'requireSignature',
			type: 'boolean',
			default: true,
			description:
				'Whether to refuse events when the credential has no Webhook Signature Key. Turn off only to accept unverified events; with a key set, every event is verified either way.',
		},
	]),
];
