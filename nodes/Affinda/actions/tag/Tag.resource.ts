import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as getMany from './getMany.operation';

export const operations = { getMany, create, delete: del };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['tag'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a tag',
				description: 'Create a tag in a workspace, or get the one of that name it has already',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a tag',
				description: 'Delete a tag; the documents it was on stay',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many tags',
				description: 'List the tags of your workspaces, with how many documents carry each',
			},
		],
		default: 'getMany',
	},
];
