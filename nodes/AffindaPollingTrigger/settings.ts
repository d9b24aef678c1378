import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InvalidParameterError } from '../shared/errors';
import { readTriggerWindowAndOutput } from '../shared/triggerSettings';
import { lateWindowParameter } from './description';
import { POLLED_EVENTS, type PolledEvent } from './events';

/** What a poll reads from the node's parameters, checked before any request. */
export interface PollSettings {
	event: PolledEvent;
	/** The list filter that picks the scope: `{workspace}` or `{collection}`. */
	scope: IDataObject;
	/** Only documents of this type are passed on; undefined for every type. */
	documentType?: string;
	fetchDocument: boolean;
	/** What the fetched document becomes (Output, with the row's options). */
	documentAsAsked: (document: IDataObject) => IDataObject;
	lateWindowMs: number;
	/** What the kept cursor is valid for: another event, scope or type starts afresh. */
	key: string;
}

function refuse(
	this: IPollFunctions,
	label: string,
	name: string,
	value: unknown,
	allowed: string,
) {
	return new NodeOperationError(
		this.getNode(),
		new InvalidParameterError(label, name, value, allowed).message,
	);
}

function locatorValue(this: IPollFunctions, name: string): string {
	const value = this.getNodeParameter(name, '', { extractValue: true });
	return typeof value === 'string' ? value.trim() : '';
}

export function readPollSettings(this: IPollFunctions): PollSettings {
	const eventName = this.getNodeParameter('event', '') as string;
	const event = POLLED_EVENTS.find((candidate) => candidate.value === eventName);
	if (!event) {
		throw refuse.call(
			this,
			'Event',
			'event',
			eventName,
			`one of ${POLLED_EVENTS.map(({ value }) => value).join(', ')}`,
		);
	}
	const scopeKind = this.getNodeParameter('scope', 'workspace') as string;
	if (scopeKind !== 'workspace' && scopeKind !== 'collection') {
		throw refuse.call(this, 'Scope', 'scope', scopeKind, 'workspace or collection');
	}
	const label = scopeKind === 'workspace' ? 'Workspace' : 'Collection';
	const scopeValue = locatorValue.call(this, scopeKind);
	if (scopeValue === '') {
		throw refuse.call(this, label, scopeKind, scopeValue, `a ${scopeKind} identifier`);
	}
	const documentType =
		scopeKind === 'workspace' ? locatorValue.call(this, 'documentType') || undefined : undefined;
	const { windowMinutes: lateWindow, documentAsAsked } = readTriggerWindowAndOutput.call(
		this,
		lateWindowParameter,
		this.getNodeParameter('options', {}) as IDataObject,
	);
	return {
		documentAsAsked,
		event,
		scope: { [scopeKind]: scopeValue },
		documentType,
		fetchDocument: this.getNodeParameter('fetchDocument', false) === true,
		lateWindowMs: lateWindow * 60_000,
		key: JSON.stringify([event.value, scopeKind, scopeValue, documentType ?? null]),
	};
}
