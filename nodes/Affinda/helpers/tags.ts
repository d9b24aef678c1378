import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { describeAnswer } from '../../shared/listAnswers';
import { readIdentifier, readWholeNumber, type Parameter } from '../../shared/readers';
import { TAGS_PATH } from '../../shared/service';
import { readRequestTimeoutMs, requestForItem } from '../../shared/transport/itemRequest';
import { PAGE_SIZE } from '../../shared/transport/pager';
import { type AffindaContext } from '../../shared/transport/types';
import { requestOutcomeOf } from '../../shared/transport/failures';
import { settle } from './concurrency';
import { readCutList, type CutList } from './paging';

/** A tag as Affinda shows it: it belongs to one workspace. */
export interface Tag extends IDataObject {
	id: number;
	name: string;
	workspace: string;
}

function isTag(value: unknown): value is Tag {
	const tag = value as Tag | null;
	return (
		typeof tag === 'object' &&
		tag !== null &&
		Number.isSafeInteger(tag.id) &&
		typeof tag.name === 'string'
	);
}

/** Tags matching `qs`, at most `max` (a plain list that `limit` and `offset` cut). */
export async function readTags(
	this: AffindaContext,
	qs: IDataObject,
	options: { max?: number; itemIndex?: number; timeoutMs?: number } = {},
): Promise<Tag[]> {
	const tags: CutList<Tag> = {
		path: TAGS_PATH,
		qs,
		pageSize: PAGE_SIZE.tags,
		isEntry: isTag,
		entries: 'tags (each with a number "id" and a "name")',
		idOf: (tag) => tag.id,
	};
	return await readCutList(this, tags, options);
}

/** A mode of the Tag parameter: the tag's ID (from the list or typed), or its name. */
export type TagChoice = { id: number } | { name: string };

/**
 * The tag of this name in this workspace, if there is one (names are compared exactly). Should
 * two runs at once have made two, the oldest (lowest id) is the one: every run converges on it.
 */
export async function findTag(
	this: IExecuteFunctions,
	name: string,
	workspace: string,
	itemIndex: number,
): Promise<Tag | undefined> {
	const tags = await readTags.call(
		this,
		{ workspace, name },
		{ itemIndex, timeoutMs: readRequestTimeoutMs.call(this, itemIndex) },
	);
	return tags
		.filter((tag) => tag.name === name && (tag.workspace ?? workspace) === workspace)
		.reduce<
			Tag | undefined
		>((lowest, tag) => (lowest && lowest.id < tag.id ? lowest : tag), undefined);
}

/**
 * The tag of this name in this workspace, created if there is none. Creating is not repeated
 * after a fault that leaves open whether it happened; running again is safe, since the tag is
 * looked for first. After a create the name is looked up again: should another run have made one
 * too, both keep the oldest (lowest id), and this run removes the one it made. `created` is this
 * run's: true too when its create's answer was lost and the look-up finds the tag.
 */
export async function findOrCreateTag(
	this: IExecuteFunctions,
	name: string,
	workspace: string,
	itemIndex: number,
): Promise<{ tag: Tag; created: boolean }> {
	const existing = await findTag.call(this, name, workspace, itemIndex);
	if (existing) return { tag: existing, created: false };
	const created = await settle(
		requestForItem.call(this, {
			method: 'POST',
			path: TAGS_PATH,
			body: { name, workspace },
			itemIndex,
			advice: {
				rerun: 'Run again: nothing was created.',
				ifUncertain: `Affinda may have created the tag "${name}": running again is safe, as the node looks for a tag of that name in the workspace before creating one.`,
			},
		}),
	);
	if (!created.ok) {
		// A refusal (another run created it meanwhile) or a lost answer: look again.
		const meanwhile = await settle(findTag.call(this, name, workspace, itemIndex));
		if (!meanwhile.ok || !meanwhile.value) throw created.error;
		const ours = requestOutcomeOf(created.error)?.mayHaveBeenProcessed === true;
		return { tag: meanwhile.value, created: ours };
	}
	if (!isTag(created.value)) {
		throw new NodeOperationError(
			this.getNode(),
			`Affinda's answer to POST ${TAGS_PATH} was ${describeAnswer(created.value)}, not a tag (with a number "id" and a "name")`,
			{
				itemIndex,
				description: `The tag "${name}" may have been created. Running again is safe: the node looks for a tag of that name first.`,
			},
		);
	}
	const mine = created.value;
	const oldest = await findTag.call(this, name, workspace, itemIndex);
	if (!oldest || oldest.id >= mine.id) return { tag: mine, created: true };
	// Another run made one first: keep its, remove this run's (a failure leaves a spare, no harm).
	await settle(
		requestForItem.call(this, {
			method: 'DELETE',
			path: `${TAGS_PATH}/${mine.id}`,
			itemIndex,
			idempotent: true,
		}),
	);
	return { tag: oldest, created: false };
}

/**
 * The Tag parameter: a locator in mode `name` (or, for the node as a tool, plain text: a model
 * knows tags by name) is a name, where `byName` allows; any other mode is a tag ID.
 */
export function readTagChoice(parameter: Parameter, value: unknown, byName: false): { id: number };
export function readTagChoice(parameter: Parameter, value: unknown, byName: boolean): TagChoice;
export function readTagChoice(parameter: Parameter, value: unknown, byName: boolean): TagChoice {
	const mode = typeof value === 'object' && value !== null ? (value as IDataObject).mode : 'name';
	if (byName && mode === 'name') {
		return { name: readIdentifier(parameter, value, "a tag's name") };
	}
	const id = readIdentifier(parameter, value, 'a tag ID (a whole number of 1 or more)');
	return {
		id: readWholeNumber(parameter, id, { min: 1 }, 'a tag ID (a whole number of 1 or more)'),
	};
}
