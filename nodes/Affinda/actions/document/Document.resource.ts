import type { INodeProperties } from 'n8n-workflow';

import * as addTag from './addTag.operation';
import * as createFromData from './createFromData.operation';
import * as del from './delete.operation';
import * as download from './download.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as removeTag from './removeTag.operation';
import * as update from './update.operation';
import * as updateData from './updateData.operation';
import * as upload from './upload.operation';

export const operations = {
	upload,
	get,
	getMany,
	update,
	download,
	createFromData,
	delete: del,
	updateData,
	addTag,
	removeTag,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['document'] } },
		options: [
			{
				name: 'Add Tag',
				value: 'addTag',
				action: 'Add a tag to documents',
				description:
					'Label documents, such as "shortlisted" or a requisition number, to find them by tag later',
			},
			{
				name: 'Create From Data',
				value: 'createFromData',
				action: 'Create a document from data',
				description:
					'Create a resume or job description from structured data, such as an ATS record, without a file',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a document',
				description: 'Delete a document and its parsed data from Affinda for good',
			},
			{
				name: 'Download',
				value: 'download',
				action: 'Download a document file',
				description:
					'Download the redacted resume (for blind review), the original file or its PDF as a binary file',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a document',
				description: 'Get the metadata and parsed data of one document by its identifier',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many documents',
				description:
					'List documents, filtered by workspace, state, readiness, custom identifier or file name',
			},
			{
				name: 'Remove Tag',
				value: 'removeTag',
				action: 'Remove a tag from documents',
				description: 'Take a tag off documents; the tag stays for others',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a document',
				description:
					'Validate, reject or archive a document, move it to another collection or workspace, or rename it',
			},
			{
				name: 'Update Data',
				value: 'updateData',
				action: 'Update the data of a resume or job description',
				description:
					'Correct fields of a parsed resume or job description, such as the candidate name or skills',
			},
			{
				name: 'Upload',
				value: 'upload',
				action: 'Upload and parse a document',
				description:
					'Upload a file or a URL (a resume, job description, invoice ...) and get its data as JSON',
			},
		],
		default: 'upload',
	},
];
