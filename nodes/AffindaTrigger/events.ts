import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * The service's 16 resthook events, in the order the editor lists them: alphabetical, which puts
 * the v2-era resume and invoice events together under their "Legacy:" prefix at the end.
 */
export const TRIGGER_EVENTS: ReadonlyArray<INodePropertyOptions & { value: string }> = [
	{
		name: 'Annotation Validated',
		value: 'annotation.validated',
		description: 'A field of a document was validated',
	},
	{
		name: 'Document Classification Completed',
		value: 'document.classify.completed',
		description: 'Classification finished, whether it succeeded or failed',
	},
	{
		name: 'Document Classification Failed',
		value: 'document.classify.failed',
		description: 'Affinda could not tell which document type a document is',
	},
	{
		name: 'Document Classification Succeeded',
		value: 'document.classify.succeeded',
		description: 'A document was given its document type',
	},
	{
		name: 'Document Parse Completed',
		value: 'document.parse.completed',
		description: 'Parsing finished, whether it succeeded or failed',
	},
	{
		name: 'Document Parse Failed',
		value: 'document.parse.failed',
		description: 'A document could not be parsed (duplicate, no text, corrupt file …)',
	},
	{
		name: 'Document Parse Succeeded',
		value: 'document.parse.succeeded',
		description: 'A document was parsed and its data is ready',
	},
	{
		name: 'Document Rejected',
		value: 'document.rejected',
		description: 'A document was rejected, by a person or automatically',
	},
	{
		name: 'Document Validated',
		value: 'document.validate.completed',
		description: 'A document was validated (confirmed), by a person or automatically',
	},
	{
		name: 'Legacy: Invoice Parse Completed',
		value: 'invoice.parse.completed',
		description: 'Older event for invoices; prefer Document Parse Completed',
	},
	{
		name: 'Legacy: Invoice Parse Failed',
		value: 'invoice.parse.failed',
		description: 'Older event for invoices; prefer Document Parse Failed',
	},
	{
		name: 'Legacy: Invoice Parse Succeeded',
		value: 'invoice.parse.succeeded',
		description: 'Older event for invoices; prefer Document Parse Succeeded',
	},
	{
		name: 'Legacy: Invoice Validated',
		value: 'invoice.validate.completed',
		description: 'Older event for invoices; prefer Document Validated',
	},
	{
		name: 'Legacy: Resume Parse Completed',
		value: 'resume.parse.completed',
		description: 'Older event for resumes; prefer Document Parse Completed',
	},
	{
		name: 'Legacy: Resume Parse Failed',
		value: 'resume.parse.failed',
		description: 'Older event for resumes; prefer Document Parse Failed',
	},
	{
		name: 'Legacy: Resume Parse Succeeded',
		value: 'resume.parse.succeeded',
		description: 'Older event for resumes; prefer Document Parse Succeeded',
	},
];
