import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export const operations = { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['usage'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get credits usage',
				description:
					'Get the credits your organization used a day over a period, for all of it, one workspace or one document type',
			},
		],
		default: 'get',
	},
];
