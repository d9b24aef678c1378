import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	collectionParameter,
	deleteAfterParseOption,
	parsingTimeoutParameter,
	urlParameter,
	waitParameter,
	workspaceParameter,
	WORKSPACE_SETTING,
} from './uploadProperties';
import {
	boundsOf,
	invalid,
	isBlank,
	readFlag,
	readIdentifier,
	readJsonObject,
	readOptionalText,
	readWholeNumber,
} from '../../../../shared/readers';
import {
	DOCUMENT_OUTPUT_PARAMETER,
	isResumeOutput,
	type OutputChoice,
} from '../../../../shared/output/output';
import { readRequestTimeoutMs } from '../../../../shared/transport/itemRequest';

/** Reading and checking Upload's values: each refused before any request, naming its parameter. */

/** What every file of the item is uploaded with. */
export interface UploadSettings {
	wait: boolean;
	timeoutSeconds: number;
	requestTimeoutMs: number;
	options: IDataObject;
}

/** `output`: the item's Output, as the router read it. */
export function readUploadSettings(
	this: IExecuteFunctions,
	itemIndex: number,
	output: OutputChoice,
): UploadSettings {
	const wait = readFlag(waitParameter, this.getNodeParameter('wait', itemIndex));
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const deleting =
		options.deleteAfterParse !== undefined &&
		readFlag(deleteAfterParseOption, options.deleteAfterParse);
	if (deleting && !wait) {
		invalid(
			deleteAfterParseOption,
			options.deleteAfterParse,
			'off unless Wait for Parsing is on, or nothing would be left to fetch',
		);
	}
	if (!wait && isResumeOutput(output)) {
		invalid(
			DOCUMENT_OUTPUT_PARAMETER,
			output,
			'Flat Row, Parsed Data or Raw Response unless Wait for Parsing is on: the others are made of the parsed resume',
		);
	}
	const timeoutSeconds = wait
		? readWholeNumber(
				parsingTimeoutParameter,
				this.getNodeParameter('parsingTimeout', itemIndex),
				boundsOf(parsingTimeoutParameter),
			)
		: 0;
	const requestTimeoutMs = readRequestTimeoutMs.call(this, itemIndex);
	return { wait, timeoutSeconds, requestTimeoutMs, options };
}

/** Where the document goes, as the look-up filters by it. */
export type Destination = { workspace: string } | { collection: string };

/** The workspace or collection the document goes to (and the look-up searches). */
export function readDestination(this: IExecuteFunctions, itemIndex: number): Destination {
	if (this.getNodeParameter('destination', itemIndex) === 'collection') {
		const value = this.getNodeParameter('collection', itemIndex);
		return { collection: readIdentifier(collectionParameter, value, 'a collection identifier') };
	}
	const value = this.getNodeParameter('workspace', itemIndex);
	return { workspace: readIdentifier(workspaceParameter, value, 'a workspace identifier') };
}

export function toUrl(value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : '';
	const protocol = URL.canParse(text) ? new URL(text).protocol : undefined;
	if (protocol !== 'http:' && protocol !== 'https:') {
		invalid(urlParameter, value, 'an http or https link to the document');
	}
	return text;
}

function toRegionBias(property: INodeProperties, value: unknown): string {
	const allowed =
		'a JSON object with country (text), countries (a list of text), squareCoordinates (4 numbers) or strict (true or false)';
	const bias = readJsonObject(property, value, allowed);
	const { country, countries, squareCoordinates, strict } = bias;
	const isText = (entry: unknown) => typeof entry === 'string';
	if (
		(country !== undefined && !isText(country)) ||
		(countries !== undefined && !(Array.isArray(countries) && countries.every(isText))) ||
		(squareCoordinates !== undefined &&
			!(
				Array.isArray(squareCoordinates) &&
				squareCoordinates.length === 4 &&
				squareCoordinates.every((entry) => Number.isFinite(entry))
			)) ||
		(strict !== undefined && typeof strict !== 'boolean')
	) {
		invalid(property, value, allowed);
	}
	return JSON.stringify(bias);
}

function toDateTime(property: INodeProperties, value: unknown): string {
	// An expression such as {{ $now.plus(30, 'days') }} yields a Luxon DateTime.
	const toISO = (value as { toISO?: unknown } | null)?.toISO;
	const text = typeof toISO === 'function' ? String(toISO.call(value)) : String(value).trim();
	if (Number.isNaN(Date.parse(text))) invalid(property, value, 'an ISO 8601 date and time');
	return text;
}

/** The multipart value of one option, or undefined to leave the field out. */
export function toMultipartValue(property: INodeProperties, value: unknown): string | undefined {
	// Left empty, or left to the workspace: nothing is sent.
	if (isBlank(value) || value === WORKSPACE_SETTING) return undefined;
	if (property.type === 'boolean' || property.type === 'options') {
		return String(readFlag(property, value));
	}
	if (property.type === 'json') return toRegionBias(property, value);
	if (property.type === 'dateTime') return toDateTime(property, value);
	return readOptionalText(property, value);
}
