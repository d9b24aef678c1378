import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { pollingTriggerProperties } from './description';
import * as listSearch from './listSearch';
import { pollDocuments } from './poll';

export class AffindaPollingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Affinda Polling Trigger',
		name: 'affindaPollingTrigger',
		icon: { light: 'file:../../icons/affinda.svg', dark: 'file:../../icons/affinda.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description:
			'Starts the workflow when Affinda parses or validates a document, by asking Affinda at intervals: no public URL needed',
		defaults: { name: 'Affinda Polling Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'affindaApi', required: true }],
		properties: pollingTriggerProperties,
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollDocuments.call(this);
	}
}
