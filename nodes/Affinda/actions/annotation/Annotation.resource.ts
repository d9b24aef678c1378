import type { INodeProperties } from 'n8n-workflow';

import * as batchUpdate from './batchUpdate.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const operations = { batchUpdate, getMany, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['annotation'] } },
		options: [
			{
				name: 'Batch Update',
				value: 'batchUpdate',
				action: 'Update many annotations',
				description: 'Correct parsed values of many annotations in one request',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many annotations',
				description:
					"List a document's parsed values with their IDs, confidence and whether a person verified them",
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update an annotation',
				description:
					'Correct the parsed value, raw text or verified flag of one annotation of a parsed document',
			},
		],
		default: 'update',
	},
];
