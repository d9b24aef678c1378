import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';
import { DOCUMENT_EVENTS } from '../shared/documentEvents';

/**
 * The events the documents list can tell reliably, each as the list query that holds exactly the
 * documents that reached it, the order that query is read in, and the moment each document
 * reached it. The list orders by `created_dt`, `validated_dt` and `archived_dt` only, so:
 *
 * - parse events are read newest-created first (a document is parsed after it is created; the
 *   late window covers the time between), and delivered in the order they were parsed (`readyDt`);
 * - validation is read and delivered in `validated_dt` order (the document's `confirmedDt`).
 *
 * Not offered: rejection (the list filters rejected documents but cannot order them by when, so
 * every poll would read every rejected document ever); classification (no field says when it
 * happened); annotation validation (annotations are not documents); the legacy resume and invoice
 * events (the same documents as the document events).
 */
export interface PolledEvent {
	/** The service's event name, as the webhook trigger's items carry it. */
	value: string;
	/** The documents list filter that holds the documents that reached this event. */
	filter: IDataObject;
	/** The list's ordering field for this event, read newest first. */
	ordering: string;
	/** The document `meta` field that ordering sorts by. */
	orderedBy: 'createdDt' | 'confirmedDt';
	/** The document `meta` field that says when the document reached the event. */
	reachedAt: 'readyDt' | 'confirmedDt';
}

export const POLLED_EVENTS: readonly PolledEvent[] = [
	{
		value: 'document.parse.succeeded',
		filter: { ready: true, failed: false },
		ordering: 'created_dt',
		orderedBy: 'createdDt',
		reachedAt: 'readyDt',
	},
	{
		value: 'document.parse.failed',
		filter: { ready: true, failed: true },
		ordering: 'created_dt',
		orderedBy: 'createdDt',
		reachedAt: 'readyDt',
	},
	{
		value: 'document.parse.completed',
		filter: { ready: true },
		ordering: 'created_dt',
		orderedBy: 'createdDt',
		reachedAt: 'readyDt',
	},
	{
		value: 'document.validate.completed',
		filter: { state: 'validated' },
		ordering: 'validated_dt',
		orderedBy: 'confirmedDt',
		reachedAt: 'confirmedDt',
	},
];

/** The events as the editor lists them, named and described as the webhook trigger does. */
export const EVENT_OPTIONS: INodePropertyOptions[] = POLLED_EVENTS.map(({ value }) => {
	const option = DOCUMENT_EVENTS.find((event) => event.value === value);
	if (!option) throw new Error(`${value} is not one of the service's events`);
	return { name: option.name, value, description: option.description };
});
