import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { documentKind, type DocumentKind } from '../../../shared/output/kind';
import { invalid, readNameList } from '../../../shared/readers';
import { requestForItem } from '../../../shared/transport/itemRequest';
import { type RequestAdvice } from '../../../shared/transport/types';
import { findIndex, indexPath } from '../index/indexProperties';
import { metaOf } from './document';

/**
 * Options → Add to Indices, for the operations that make a resume or job description (Upload,
 * Resume → Parse, Create From Data): once the document is parsed it is added to each index
 * (`POST /v3/index/{name}/documents`), so that searches find it without a second node.
 *
 * Never a second document: an index that does not exist, or holds the other kind where the node
 * can tell, is refused before the document is made; the add is repeated safely (a document
 * already in the index answers `unique`, which counts as indexed), so a retry, a re-run with Use
 * the Existing Document or a lost answer all converge; an add that fails names the document.
 */

export const addToIndicesOption: INodeProperties = {
	displayName: 'Add to Index Names or IDs',
	name: 'addToIndices',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getAllIndices' },
	default: [],
	description:
		'Search indices to add the document to once it is parsed, so that Resume → Search (or Job Description → Search) finds it; the item\'s indexed lists them. Needs Wait for Parsing. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** What an index holds (its `docType`), and the kind of document that belongs in it. */
const HOLDS: Record<string, { kind: DocumentKind; words: string }> = {
	resumes: { kind: 'resume', words: 'resumes' },
	job_descriptions: { kind: 'jobDescription', words: 'job descriptions' },
};

const KIND_WORDS: Record<DocumentKind, string> = {
	resume: 'a resume',
	jobDescription: 'a job description',
	other: 'neither a resume nor a job description',
};

function pluralOf(kind: DocumentKind | undefined): string {
	return Object.values(HOLDS).find((entry) => entry.kind === kind)?.words ?? 'another kind';
}

/** An index to add to: its name, and the kind it holds when the service said. */
export interface IndexTarget {
	name: string;
	holds?: DocumentKind;
}

/**
 * The item's Add to Indices (none when unset), refused before any request when Wait for
 * Parsing is off (`wait` false): a document is added once it is parsed, and left unparsed it
 * would silently stay out of every index.
 */
export function readAddToIndices(
	this: IExecuteFunctions,
	itemIndex: number,
	wait = true,
): string[] {
	const value = this.getNodeParameter(`options.${addToIndicesOption.name}`, itemIndex, []);
	const names = [...new Set(readNameList(addToIndicesOption, value, 'index names'))];
	if (names.length > 0 && !wait) {
		invalid(
			addToIndicesOption,
			value,
			'empty unless Wait for Parsing is on: a document is added to an index once it is parsed (turn Wait for Parsing on, or add it later with Index → Add Document)',
		);
	}
	return names;
}

/** Per node run, each index looked up once, whatever the number of items. */
const indicesByRun = new WeakMap<
	IExecuteFunctions,
	Map<string, Promise<IDataObject | undefined>>
>();

const LOOKUP_ADVICE: RequestAdvice = {
	rerun:
		'Nothing was uploaded or created: the node looks the indices up before it makes the document. Run the item again once Affinda answers.',
	ifUncertain:
		'Nothing was uploaded or created: the node looks the indices up before it makes the document. Run the item again once Affinda answers.',
};

/**
 * The item's indices as Affinda has them, before the document is made: an index that does not
 * exist fails the item, and so does one that holds the other kind when the operation can only
 * make `makes` (Resume → Parse makes resumes). Nothing is uploaded or created then.
 */
export async function checkIndices(
	this: IExecuteFunctions,
	itemIndex: number,
	names: string[],
	makes?: DocumentKind,
): Promise<IndexTarget[]> {
	if (names.length === 0) return [];
	let known = indicesByRun.get(this);
	if (!known) indicesByRun.set(this, (known = new Map()));
	const targets: IndexTarget[] = [];
	for (const name of names) {
		let found = known.get(name);
		if (!found) {
			found = findIndex.call(this, name, itemIndex, LOOKUP_ADVICE);
			known.set(name, found);
			// A failed look-up is not kept: the next item asks again.
			found.catch(() => known.delete(name));
		}
		const index = await found;
		if (!index) {
			throw new NodeOperationError(this.getNode(), `Affinda has no index named "${name}"`, {
				itemIndex,
				description: `Nothing was uploaded or created. Check Add to Index Names or IDs (Index → Get Many lists the indices; Index → Create makes one).`,
			});
		}
		const holds = HOLDS[String(index.docType)];
		if (makes !== undefined && holds !== undefined && holds.kind !== makes) {
			throw new NodeOperationError(
				this.getNode(),
				`The index "${name}" holds ${holds.words}, and this operation makes ${pluralOf(makes)}`,
				{
					itemIndex,
					description: `Nothing was uploaded. Choose an index of ${pluralOf(makes)} in Add to Index Names or IDs.`,
				},
			);
		}
		targets.push({ name, holds: holds?.kind });
	}
	return targets;
}

const ADD_ADVICE: RequestAdvice = {
	rerun: 'Adding it again is safe.',
	ifUncertain: 'Adding it again is safe: a document already in the index counts as added.',
};

/** The service's answer that the document is in the index already: as good as added. */
function alreadyInIndex(error: unknown): boolean {
	if (!(error instanceof NodeApiError) || error.httpCode !== '400') return false;
	const body = error.context.data as IDataObject | undefined;
	const entries = Array.isArray(body?.errors) ? (body.errors as IDataObject[]) : [];
	return entries.some((entry) => entry?.code === 'unique');
}

/** The item error for a parsed document that is not (or not in every index) indexed. */
function notIndexed(
	this: IExecuteFunctions,
	itemIndex: number,
	identifier: string,
	index: string,
	indexed: string[],
	reason: string,
	detail?: string,
): NodeOperationError {
	const so = indexed.length > 0 ? ` It was added to ${indexed.join(', ')}.` : '';
	const error = new NodeOperationError(
		this.getNode(),
		`Document ${identifier} was parsed, but not added to the index "${index}": ${reason}`,
		{
			itemIndex,
			description:
				`The document is in Affinda (identifier ${identifier}).${so} Add it with Index → Add Document (Index ${index}, Document ${identifier}) rather than uploading it again; with a Custom Identifier and Use the Existing Document, running the item again adds it without a second upload.${detail ? ` ${detail}` : ''}`.trim(),
		},
	);
	Object.assign(error.context, { identifier, notIndexed: index, indexed });
	return error;
}

/**
 * Adds the parsed `document` to each target, in order, and returns the names it is in. A
 * document of a kind an index does not hold is added to none (the item fails naming both); a
 * document the index already holds counts as added.
 */
export async function addToIndices(
	this: IExecuteFunctions,
	itemIndex: number,
	document: IDataObject,
	targets: IndexTarget[],
): Promise<string[]> {
	if (targets.length === 0) return [];
	const identifier = String(metaOf(document).identifier);
	const kind = documentKind(document);
	const mismatch = targets.find((target) => target.holds !== undefined && target.holds !== kind);
	if (mismatch) {
		throw notIndexed.call(
			this,
			itemIndex,
			identifier,
			mismatch.name,
			[],
			`it is ${KIND_WORDS[kind]}, and the index holds ${pluralOf(mismatch.holds)}`,
		);
	}
	const indexed: string[] = [];
	for (const { name } of targets) {
		try {
			await requestForItem.call(this, {
				method: 'POST',
				path: `${indexPath(name)}/documents`,
				body: { document: identifier },
				itemIndex,
				// Sent again, an add answers `unique`: repeating it does no harm.
				idempotent: true,
				advice: ADD_ADVICE,
			});
		} catch (error) {
			if (!alreadyInIndex(error)) {
				const { message, description } = error as NodeOperationError;
				throw notIndexed.call(
					this,
					itemIndex,
					identifier,
					name,
					indexed,
					message,
					description ?? undefined,
				);
			}
		}
		indexed.push(name);
	}
	return indexed;
}
