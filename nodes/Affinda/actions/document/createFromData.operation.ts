import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	OUTPUT_PARAMETER,
	documentsAnswer,
	type ServiceAnswer,
} from '../../../shared/output/output';
import { ROW_OPTIONS } from '../../../shared/output/rowOptions';
import { dataParameter, readData } from '../../../shared/parameters';
import { choicesOf, readOptionalChoice, readOptionalText } from '../../../shared/readers';
import { settle } from '../../helpers/concurrency';
import { REPEATABLE, requestOutcomeOf } from '../../../shared/transport/failures';
import { readRequestTimeoutMs, requestForItem } from '../../../shared/transport/itemRequest';
import { type RequestAdvice } from '../../../shared/transport/types';
import { optionsCollection } from '../common.descriptions';
import {
	createdIdentifier,
	DOCUMENTS_PATH,
	documentPath,
	metaOf,
	newestWithCustomIdentifier,
} from './document';
import { customIdentifierOption } from './upload/uploadProperties';
import {
	addToIndices,
	addToIndicesOption,
	checkIndices,
	readAddToIndices,
	type IndexTarget,
} from './addToIndices';

/**
 * Document → Create From Data: a resume or job description from structured data (an ATS record),
 * with no file. Creating is not idempotent, so it is never sent twice by the node; with a Custom
 * Identifier the node looks for the document first, creates it, then sets the identifier (the
 * create request has no field for it).
 */

const dataProperty = dataParameter(
	'{ "name": { "first": "Jane", "last": "Doe" }, "emails": ["jane@example.com"] }',
	'The resume or job description as JSON shaped like Affinda\'s parsed data: for a resume name, emails, phoneNumbers, skills, workExperience, education; for a job description jobTitle, organizationName, skills, yearsExperience (each value as {"parsed": …})',
);

type IfAlreadyCreatedChoice = 'useExisting' | 'fail' | 'createAgain';

const ifAlreadyCreatedProperty: INodeProperties = {
	displayName: 'If Already Created',
	name: 'ifAlreadyCreated',
	type: 'options',
	default: 'useExisting',
	options: [
		{
			name: 'Use the Existing Document',
			value: 'useExisting',
			description:
				'Output the document Affinda already has with this Custom Identifier, with reused: true; create one only if there is none',
		},
		{
			name: 'Fail',
			value: 'fail',
			description:
				'The item fails, naming the document Affinda already has with this Custom Identifier',
		},
		{
			name: 'Create Again',
			value: 'createAgain',
			description:
				'Always create: a second document if Affinda has one with this Custom Identifier',
		},
	],
	description:
		'Whether to look for a document with this Custom Identifier first, so that running the workflow again does not create it twice',
	displayOptions: { show: { customIdentifier: [{ _cnd: { exists: true } }] } },
};

export const description: INodeProperties[] = [
	dataProperty,
	OUTPUT_PARAMETER,
	optionsCollection([
		{
			...customIdentifierOption,
			description:
				'Your own identifier for the document, such as the candidate or job ID in your ATS; set on the document once it is created',
		},
		ifAlreadyCreatedProperty,
		addToIndicesOption,
		...ROW_OPTIONS,
	]),
];

export const toolDescription =
	"Creates a resume or job description in Affinda from structured data, with no file: the data the node's settings hold (for example a record from an applicant tracking system). Returns the new document with its identifier, ready to add to a search index. Use it only when the user asks to add a candidate or a job that exists as data only; it creates a new document each time unless a Custom Identifier is set. If the node is set to add documents to search indices (indexed lists them), the search tools find it at once.";

const CREATE_ADVICE: RequestAdvice = {
	rerun:
		'Nothing was created for this item. Run only the failed items again (Settings → On Error → "Continue (using error output)"): running the whole node again creates the other items a second time, unless they have a Custom Identifier.',
	ifUncertain:
		'The document may have been created. With a Custom Identifier and If Already Created → Use the Existing Document the node looks first, but a document whose answer was lost has no Custom Identifier yet: look for it with Document → Get Many (newest first) before running the item again.',
};

/** A look-up that fails never falls back to creating: the item fails, and nothing is sent. */
const LOOKUP_ADVICE: RequestAdvice = {
	rerun:
		'Nothing was created: without the look-up the node cannot tell whether Affinda already has this document. Run the item again once Affinda answers.',
	ifUncertain:
		'Nothing was created: without the look-up the node cannot tell whether Affinda already has this document. Run the item again once Affinda answers.',
};

/**
 * Failures that prove nothing was created for the Custom Identifier: the create refused, or the
 * look-up before it failed. After one of these a sibling item looks and creates for itself.
 */
const nothingCreated = new WeakSet<object>();

/** A created document, and the older document with its Custom Identifier found right after. */
const duplicateOf = new WeakMap<IDataObject, string>();

/**
 * Creates the document; with a Custom Identifier, sets it next, then looks the identifier up once
 * more: an older document with it (another execution's, made at the same moment) is reported as
 * `duplicateOf`. A failure says whether it proves nothing was created.
 */
async function create(
	this: IExecuteFunctions,
	itemIndex: number,
	data: IDataObject,
	customIdentifier: string | undefined,
): Promise<IDataObject> {
	const answer = await settle(
		requestForItem.call(this, {
			method: 'POST',
			path: `${DOCUMENTS_PATH}/create_from_data`,
			body: { data },
			itemIndex,
			advice: CREATE_ADVICE,
		}),
	);
	if (!answer.ok) {
		const outcome = requestOutcomeOf(answer.error);
		if (outcome !== undefined && !outcome.mayHaveBeenProcessed) {
			nothingCreated.add(answer.error as Error);
		}
		throw answer.error;
	}
	const created = answer.value;
	const identifier = createdIdentifier.call(this, created, itemIndex, 'the create');
	if (customIdentifier === undefined) return created;
	const updated = await setCustomIdentifier.call(this, itemIndex, identifier, customIdentifier);
	const first = await settle(
		newestWithCustomIdentifier.call(this, itemIndex, customIdentifier, {
			advice: REPEATABLE,
			timeoutMs: readRequestTimeoutMs.call(this, itemIndex),
			oldest: true,
		}),
	);
	const firstIdentifier = first.ok && first.value ? metaOf(first.value).identifier : undefined;
	if (typeof firstIdentifier === 'string' && firstIdentifier !== identifier) {
		duplicateOf.set(updated, firstIdentifier);
	}
	return updated;
}

async function setCustomIdentifier(
	this: IExecuteFunctions,
	itemIndex: number,
	identifier: string,
	customIdentifier: string,
): Promise<IDataObject> {
	try {
		return await requestForItem.call(this, {
			method: 'PATCH',
			path: documentPath(identifier),
			body: { customIdentifier },
			itemIndex,
			idempotent: true,
		});
	} catch (error) {
		throw new NodeOperationError(
			this.getNode(),
			`Document ${identifier} was created, but its Custom Identifier "${customIdentifier}" could not be set`,
			{
				itemIndex,
				description: `Do not run this item again: it would create the document a second time. Set the identifier with Document → Update (Document ${identifier}, Custom Identifier). ${(error as Error).message}`,
			},
		);
	}
}

/** The first item's error, for a sibling with its Custom Identifier: the same words, this item. */
function sharedError(this: IExecuteFunctions, error: Error, itemIndex: number): Error {
	const description = (error as { description?: string | null }).description ?? undefined;
	return new NodeOperationError(this.getNode(), error.message, {
		itemIndex,
		description:
			`An earlier item with the same Custom Identifier failed so. ${description ?? ''}`.trim(),
	});
}

/** Per node run, the outcome for each Custom Identifier, so two items with one create once. */
const outcomesByRun = new WeakMap<IExecuteFunctions, Map<string, Promise<IDataObject>>>();

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<ServiceAnswer> {
	const value = this.getNodeParameter('data', itemIndex);
	const data = readData(dataProperty, value);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const customIdentifier = readOptionalText(customIdentifierOption, options.customIdentifier);
	const choice = (readOptionalChoice(
		ifAlreadyCreatedProperty,
		options.ifAlreadyCreated,
		choicesOf(ifAlreadyCreatedProperty),
	) ?? 'useExisting') as IfAlreadyCreatedChoice;
	// The indices before anything is created: one that does not exist fails the item first.
	const targets = await checkIndices.call(this, itemIndex, readAddToIndices.call(this, itemIndex));

	if (customIdentifier === undefined || choice === 'createAgain') {
		const document = await create.call(this, itemIndex, data, customIdentifier);
		return documentsAnswer(
			document,
			await createdAdded.call(this, itemIndex, document, false, targets),
		);
	}
	let outcomes = outcomesByRun.get(this);
	if (!outcomes) outcomesByRun.set(this, (outcomes = new Map()));
	const earlier = outcomes.get(customIdentifier);
	let reused = true;
	const mine = (async () => {
		// Items sharing an identifier share the first one's outcome: its document, or its error;
		// they look and create for themselves only when its failure proves nothing was created.
		const before = await settle(earlier ?? Promise.resolve(undefined));
		if (before.ok && before.value) return before.value;
		if (!before.ok && !nothingCreated.has(before.error as Error)) {
			throw sharedError.call(this, before.error as Error, itemIndex);
		}
		const existing = await settle(
			newestWithCustomIdentifier.call(this, itemIndex, customIdentifier, {
				advice: LOOKUP_ADVICE,
				timeoutMs: readRequestTimeoutMs.call(this, itemIndex),
			}),
		);
		if (!existing.ok) {
			nothingCreated.add(existing.error as Error);
			throw existing.error;
		}
		if (existing.value) return existing.value;
		reused = false;
		return await create.call(this, itemIndex, data, customIdentifier);
	})();
	outcomes.set(customIdentifier, mine);
	const document = await mine;
	if (reused && choice === 'fail') {
		const existing = String(metaOf(document).identifier);
		throw new NodeOperationError(
			this.getNode(),
			`Affinda already has a document with Custom Identifier "${customIdentifier}": ${existing}`,
			{
				itemIndex,
				description: `Nothing was created, as If Already Created is set to Fail. Fetch it with Document → Get using identifier ${existing}, or choose Use the Existing Document.`,
			},
		);
	}
	return documentsAnswer(
		document,
		await createdAdded.call(this, itemIndex, document, reused, targets),
	);
}

/**
 * What joins the item whatever Output says: reused, duplicateOf where the create found one, and
 * with Add to Indices the indices the document is in (added now, or there already).
 */
async function createdAdded(
	this: IExecuteFunctions,
	itemIndex: number,
	document: IDataObject,
	reused: boolean,
	targets: IndexTarget[],
): Promise<IDataObject> {
	const older = duplicateOf.get(document);
	const added: IDataObject = older === undefined ? { reused } : { reused, duplicateOf: older };
	if (targets.length > 0)
		added.indexed = await addToIndices.call(this, itemIndex, document, targets);
	return added;
}
