import type { INodeProperties } from 'n8n-workflow';

import * as addDocument from './addDocument.operation';
import * as getMany from './getMany.operation';

export const operations = { addDocument, getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['index'] } },
		options: [
			{
				name: 'Add Document',
				value: 'addDocument',
				action: 'Add a document to an index',
				description:
					'Make a parsed resume or job description searchable; on paid plans documents are not indexed on their own',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many indices',
				description: 'List the search indices of resumes and job descriptions',
			},
		],
		default: 'addDocument',
	},
	// Each operation's own parameters, in the order of `operations`.
	...Object.values(operations).flatMap((operation) => operation.description),
];
