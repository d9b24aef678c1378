import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchOrganizations, searchWorkspaces } from '../shared/listSearch';
import { receiveDelivery } from './delivery';
import { triggerProperties } from './description';
import { createSubscriptions, deleteSubscriptions, subscriptionsExist } from './subscriptions';

export class AffindaTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Affinda Trigger',
		name: 'affindaTrigger',
		icon: { light: 'file:../../icons/affinda.svg', dark: 'file:../../icons/affinda.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["events"].join(", ")}}',
		description:
			'Starts the workflow when Affinda parses, classifies, validates or rejects a document',
		defaults: { name: 'Affinda Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'affindaApi', required: true }],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchOrganizations, searchWorkspaces } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await subscriptionsExist.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await createSubscriptions.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteSubscriptions.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery.call(this);
	}
}
