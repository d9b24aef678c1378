import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { describeAnswer } from '../../shared/listAnswers';
import { readIdentifier, readWholeNumber, type Parameter } from '../../shared/readers';
import { TAGS_PATH } from '../../shared/service';
import { readRequestTimeoutMs, requestForItem } from '../../shared/transport/itemRequest';
import { PAGE_SIZE } from '../../shared/transport/pager';
import { affindaApiRequest } from '../../shared/transport/request';
import { type AffindaContext } from '../../shared/transport/types';
import { settle } from './concurrency';

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

/**
 * Tags matching `qs`, at most `max`. The service answers a plain list that `limit` and `offset`
 * cut (not a page with a `next` link), so a short list is the last; a list with nothing new
 * (a service that ignores `offset`) ends the reading too.
 */
export async function readTags(
	this: AffindaContext,
	qs: IDataObject,
	{
		max = Infinity,
		itemIndex,
		timeoutMs,
	}: { max?: number; itemIndex?: number; timeoutMs?: number } = {},
): Promise<Tag[]> {
	const tags: Tag[] = [];
	const seen = new Set<number>();
	while (tags.length < max) {
		const limit = Math.min(PAGE_SIZE.tags, max - tags.length);
		const answer: unknown = await affindaApiRequest.call(this, {
			method: 'GET',
			path: TAGS_PATH,
			qs: { ...qs, limit, offset: tags.length },
			itemIndex,
			timeoutMs,
		});
		if (!Array.isArray(answer) || !answer.every(isTag)) {
			throw new NodeOperationError(
				this.getNode(),
				`Affinda's answer to GET ${TAGS_PATH} was ${describeAnswer(answer)}, not a list of tags (each with a number "id" and a "name")`,
				{ itemIndex },
			);
		}
		const fresh = answer.filter((tag) => !seen.has(tag.id));
		for (const tag of fresh) seen.add(tag.id);
		tags.push(...fresh.slice(0, max - tags.length));
		if (answer.length < limit || fresh.length === 0) break;
	}
	return tags;
}

/** A mode of the Tag parameter: the tag's ID (from the list or typed), or its name. */
export type TagChoice = { id: number } | { name: string };

/** The tag of this name in this workspace, if there is one (names are compared exactly). */
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
	return tags.find((tag) => tag.name === name && (tag.workspace ?? workspace) === workspace);
}

/**
 * The tag of this name in this workspace, created if there is none. Creating is not repeated
 * after a fault that leaves open whether it happened; running again is safe, since the tag is
 * looked for first. A refusal (another run created it meanwhile) is answered by looking again.
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
	if (created.ok) return { tag: created.value as Tag, created: true };
	const meanwhile = await settle(findTag.call(this, name, workspace, itemIndex));
	if (meanwhile.ok && meanwhile.value) return { tag: meanwhile.value, created: false };
	throw created.error;
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
