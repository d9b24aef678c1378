import type { INodeProperties } from 'n8n-workflow';

import * as addDocument from './addDocument.operation';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as getMany from './getMany.operation';
import * as removeDocument from './removeDocument.operation';

export const operations = { addDocument, removeDocument, getMany, create, delete: del };

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
				name: 'Create',
				value: 'create',
				action: 'Create an index',
				description:
					'Create a search index of resumes or job descriptions, or get the one of that name',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete an index',
				description: 'Delete a search index; the documents it held stay in Affinda',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many indices',
				description: 'List the search indices of resumes and job descriptions',
			},
			{
				name: 'Remove Document',
				value: 'removeDocument',
				action: 'Remove a document from an index',
				description:
					'Stop searches of an index finding a document (a withdrawn candidate, a closed job); the document stays',
			},
		],
		default: 'addDocument',
	},
];
