import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';

export const operations = { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['validationResult'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many validation results',
				description:
					"Get what a document type's validation rules say of a document: which passed, which failed and why",
			},
		],
		default: 'getMany',
	},
];
