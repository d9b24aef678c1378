import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

/**
 * What happened to a document, as both triggers hand it to a workflow: the webhook trigger from
 * an event the service POSTs, the polling trigger from the documents list. One item shape for
 * both, so a workflow can change its trigger without changing the nodes after it.
 */

/**
 * The service's 16 resthook events, in the order the editor lists them: alphabetical, which puts
 * the v2-era resume and invoice events together under their "Legacy:" prefix at the end.
 */
export const DOCUMENT_EVENTS: ReadonlyArray<INodePropertyOptions & { value: string }> = [
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

/** An event as the service POSTs it (payload version v3): `{id, event, timestamp, payload}`. */
export interface AffindaEvent {
	id?: string;
	event: string;
	/** Unix seconds, inside the signed body. */
	timestamp: number;
	payload: IDataObject;
}

function text(value: unknown): string | null {
	return typeof value === 'string' && value !== '' ? value : null;
}

function objectAt(value: unknown): IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as IDataObject)
		: {};
}

/** The document an event is about: the payload's own fields, or a `document`/`meta` inside it. */
export function documentIdentifier(payload: IDataObject): string | null {
	return (
		text(payload.identifier) ??
		text(payload.document) ??
		text(objectAt(payload.document).identifier) ??
		text(objectAt(payload.meta).identifier)
	);
}

function workspaceIdentifier(payload: IDataObject): string | null {
	return (
		text(payload.workspace) ??
		text(objectAt(payload.workspace).identifier) ??
		text(objectAt(objectAt(payload.meta).workspace).identifier)
	);
}

/**
 * One word for where the document stands: the service's own `state` when the payload has one;
 * else what the event says (rejected, validated); else its flags (failed, ready, processing).
 */
export function documentState(event: string, payload: IDataObject): string | null {
	const stated = text(payload.state) ?? text(objectAt(payload.meta).state);
	if (stated) return stated;
	if (event === 'document.rejected') return 'rejected';
	if (event.endsWith('.validate.completed')) return 'validated';
	if (payload.failed === true) return 'failed';
	if (payload.ready === true) return 'ready';
	if (payload.ready === false) return 'processing';
	return null;
}

/**
 * The item the workflow starts with: what one maps most, at the top; the payload as sent below.
 * The top-level fields come from the payload, or from the fetched document's `meta` where the
 * payload does not carry them.
 */
export function eventItem(
	event: AffindaEvent,
	verified: boolean,
	document?: IDataObject | null,
): IDataObject {
	const { payload } = event;
	const fields: IDataObject = { ...objectAt(document?.meta), ...payload };
	return {
		event: event.event,
		eventId: event.id ?? null,
		time: new Date(event.timestamp * 1000).toISOString(),
		identifier: documentIdentifier(fields),
		customIdentifier: text(fields.customIdentifier),
		fileName: text(fields.fileName),
		state: documentState(event.event, fields),
		workspace: workspaceIdentifier(fields),
		verified,
		payload,
		...(document === undefined ? {} : { document }),
	};
}
