import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { documentsAnswer, type ServiceAnswer } from '../../../../shared/output/output';
import { invalid, readOptionalText } from '../../../../shared/readers';
import { type RequestAdvice } from '../../../../shared/transport/types';
import { metaOf, newestWithCustomIdentifier } from '../document';
import { assertParsed, waitUntilParsed } from '../parsing';
import {
	customIdentifierOption,
	ifAlreadyUploadedProperty,
	UPLOAD_AGAIN,
	type IfAlreadyUploadedChoice,
} from './uploadProperties';
import type { Upload } from './files';
import type { Destination, UploadSettings } from './uploadSettings';

/**
 * Upload → If Already Uploaded: what to do when Affinda already has a document with the item's
 * Custom Identifier, so that a retried, re-run or crashed execution does not make it twice.
 */

/** A choice as the panel names it (errors quote what the person sees). */
export function choiceName(choice: IfAlreadyUploadedChoice): string {
	const option = ifAlreadyUploadedProperty.options?.find(
		(entry) => 'value' in entry && entry.value === choice,
	);
	return option?.name ?? choice;
}

export interface ExistingCheck {
	choice: Exclude<IfAlreadyUploadedChoice, 'uploadAgain'>;
	customIdentifier: string;
	destination: Destination;
}

/** The item's check, or undefined when it uploads whatever Affinda has (Upload Again). */
export function readExistingCheck(
	options: IDataObject,
	destination: Destination,
): ExistingCheck | undefined {
	const choice = (options.ifAlreadyUploaded ?? UPLOAD_AGAIN) as IfAlreadyUploadedChoice;
	if (choice === UPLOAD_AGAIN) return undefined;
	if (choice !== 'useExisting' && choice !== 'fail') {
		invalid(ifAlreadyUploadedProperty, choice, 'Upload Again, Use the Existing Document or Fail');
	}
	const customIdentifier = readOptionalText(customIdentifierOption, options.customIdentifier);
	if (customIdentifier === undefined) {
		invalid(
			customIdentifierOption,
			options.customIdentifier,
			'a value, which If Already Uploaded looks for',
		);
	}
	return { choice, customIdentifier, destination };
}

/** A look-up that fails never falls back to uploading: the item fails, and nothing is sent. */
const LOOKUP_ADVICE: RequestAdvice = {
	rerun:
		'Nothing was uploaded: without the look-up the node cannot tell whether Affinda already has this document. Run the item again once Affinda answers.',
	ifUncertain:
		'Nothing was uploaded: without the look-up the node cannot tell whether Affinda already has this document. Run the item again once Affinda answers.',
};

/** One request: the newest document with the Custom Identifier in the workspace or collection. */
async function findExisting(
	this: IExecuteFunctions,
	itemIndex: number,
	check: ExistingCheck,
	{ requestTimeoutMs, options: { compact } }: UploadSettings,
): Promise<IDataObject | undefined> {
	return await newestWithCustomIdentifier.call(this, itemIndex, check.customIdentifier, {
		qs: { ...check.destination, ...(compact === undefined ? {} : { compact }) },
		advice: LOOKUP_ADVICE,
		timeoutMs: requestTimeoutMs,
	});
}

/** What an upload for one Custom Identifier came to in this run: the document, as the service sent it. */
type Outcome = { document: IDataObject; reused: boolean };

/**
 * Per node run (the same `this` for all its items), the outcome for each destination and Custom
 * Identifier, so that two items with the same one upload once even when they run at once.
 */
const outcomesByRun = new WeakMap<IExecuteFunctions, Map<string, Promise<Outcome>>>();

function failAsUploaded(
	this: IExecuteFunctions,
	itemIndex: number,
	check: ExistingCheck,
	document: IDataObject,
): NodeOperationError {
	const meta = metaOf(document);
	const where = 'workspace' in check.destination ? 'workspace' : 'collection';
	const identifier = String(meta.identifier);
	return new NodeOperationError(
		this.getNode(),
		`Affinda already has a document with Custom Identifier "${check.customIdentifier}": ${identifier}${
			meta.fileName ? ` (${String(meta.fileName)})` : ''
		}`,
		{
			itemIndex,
			description: `Nothing was uploaded, as If Already Uploaded is set to Fail. Fetch it with Document → Get using identifier ${identifier}, choose Use the Existing Document, or delete it from the ${where} to upload the file again.`,
		},
	);
}

/**
 * Runs the item's upload only if Affinda has no document with its Custom Identifier (and no earlier
 * item of this run made or found one); otherwise outputs the existing document, waited for like a
 * new one, or fails naming it. The output says which happened: `reused`.
 *
 * Items with the same destination and identifier take turns in input order: each claims its turn
 * before anything is awaited (items start in input order), then reads its file (so a bad file is
 * refused before any request), then waits for the item before it. An earlier item that failed
 * hands its turn on: the next one looks for the document itself.
 */
export async function uploadUnlessExisting(
	this: IExecuteFunctions,
	itemIndex: number,
	check: ExistingCheck,
	settings: UploadSettings,
	readFile: () => Promise<Upload>,
	upload: (file: Upload) => Promise<IDataObject>,
	indexed: (document: IDataObject) => Promise<IDataObject>,
): Promise<ServiceAnswer> {
	let outcomes = outcomesByRun.get(this);
	if (!outcomes) outcomesByRun.set(this, (outcomes = new Map()));
	const key = JSON.stringify([check.destination, check.customIdentifier]);
	const earlier = outcomes.get(key);
	const mine = (async (): Promise<Outcome> => {
		const file = await readFile();
		const before = await earlier?.catch(() => undefined);
		// An earlier item of this run has it: this one is a repeat.
		if (before) return { document: before.document, reused: true };
		const existing = await findExisting.call(this, itemIndex, check, settings);
		if (existing === undefined) return { document: await upload(file), reused: false };
		return { document: existing, reused: true };
	})();
	outcomes.set(key, mine);
	const outcome = await mine;
	if (outcome.reused && check.choice === 'fail')
		throw failAsUploaded.call(this, itemIndex, check, outcome.document);
	let document = outcome.document;
	if (outcome.reused && settings.wait) {
		// Found still parsing: waited for as an upload would be, within Parsing Timeout.
		document = await waitUntilParsed.call(this, document, {
			itemIndex,
			deadline: Date.now() + settings.timeoutSeconds * 1000,
			timeoutSeconds: settings.timeoutSeconds,
			requestTimeoutMs: settings.requestTimeoutMs,
			qs:
				settings.options.compact === undefined ? undefined : { compact: settings.options.compact },
		});
	}
	assertParsed.call(this, document, itemIndex);
	// Found or made, the document is added to the item's indices (already there counts).
	return documentsAnswer(document, { reused: outcome.reused, ...(await indexed(document)) });
}
