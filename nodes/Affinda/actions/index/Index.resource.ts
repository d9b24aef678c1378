import type { INodeProperties } from 'n8n-workflow';

import * as addDocument from './addDocument.operation';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as getDocuments from './getDocuments.operation';
import * as getMany from './getMany.operation';
import * as reIndexDocument from './reIndexDocument.operation';
import * as removeDocument from './removeDocument.operation';

export const operations = {
	addDocument,
	removeDocument,
	reIndexDocument,
	getDocuments,
	getMany,
	create,
	delete: del,
};

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
				name: 'Get Documents',
				value: 'getDocuments',
				action: 'Get the documents of an index',
				description:
					'List the documents an index holds, to find candidates still searchable who should not be, or missing ones',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many indices',
				description: 'List the search indices of resumes and job descriptions',
			},
			{
				name: 'Re-Index Document',
				value: 'reIndexDocument',
				action: 'Refresh a document in an index',
				description:
					"Refresh a document's data in an index after a correction, so that searches find the new values; safe to repeat",
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
