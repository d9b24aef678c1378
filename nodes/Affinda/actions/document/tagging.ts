import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Settled } from '../../helpers/concurrency';
import { ItemOutcomes } from '../../helpers/itemErrors';
import {
	findOrCreateTag,
	findTag,
	readTagChoice,
	type Tag,
	type TagChoice,
} from '../../helpers/tags';
import { readFlag, readOptionalIdentifier } from '../../../shared/readers';
import { DOCUMENTS_PATH } from '../../../shared/service';
import { readRequestTimeoutMs, requestForItem } from '../../../shared/transport/itemRequest';
import { affindaApiRequest } from '../../../shared/transport/request';
import {
	documentLocator,
	optionsCollection,
	tagLocator,
	tagWorkspaceLocator,
} from '../common.descriptions';
import { filledByModelAsTool } from '../tool.descriptions';
import { documentPath, readDocumentIdentifier } from './document';

/**
 * Add Tag and Remove Tag: every item names a document and a tag; the items that share a tag go
 * to Affinda in one request (`batch_add_tag` / `batch_remove_tag`, in chunks), each output
 * paired with its item.
 */

/** Documents per request: a run of thousands stays well inside request-size limits. */
const TAG_BATCH_SIZE = 100;

const tagWorkspaceParameter = tagWorkspaceLocator(
	"The tag's workspace, where a tag given by name is looked for (and created). Leave empty to use each document's own workspace.",
);

const createIfMissingParameter: INodeProperties = {
	displayName: 'Create If Missing',
	name: 'createIfMissing',
	type: 'boolean',
	default: false,
	description:
		'Whether to create a tag given by name when its workspace has none of that name (otherwise the item fails)',
};

export function taggingProperties(add: boolean): INodeProperties[] {
	const tagParameter = tagLocator(
		add ? 'The tag to add to the document' : 'The tag to take off the document',
		true,
	);
	return [
		...filledByModelAsTool(
			documentLocator,
			add ? 'Identifier of the document to tag' : 'Identifier of the document to untag',
		),
		...filledByModelAsTool(tagParameter, 'Name of the tag, e.g. shortlisted'),
		tagWorkspaceParameter,
		...(add ? [createIfMissingParameter] : []),
		// One request for many items: nothing to run at once.
		optionsCollection([], { perItem: false }),
	];
}

interface Wanted {
	itemIndex: number;
	identifier: string;
	choice: TagChoice;
	workspace: string | undefined;
	createIfMissing: boolean;
}

interface Resolved {
	tag: Pick<Tag, 'id'> & Partial<Tag>;
	created: boolean;
}

export async function executeTagging(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	add: boolean,
	stopAfterFailure: boolean,
): Promise<Array<Settled<IDataObject> | undefined>> {
	const outcomes = new ItemOutcomes<IDataObject>(items.length, stopAfterFailure);
	const tagParameter = tagLocator('', true);

	const wanted: Wanted[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			wanted.push({
				itemIndex,
				identifier: readDocumentIdentifier.call(this, itemIndex),
				choice: readTagChoice(tagParameter, this.getNodeParameter('tag', itemIndex), true),
				workspace: readOptionalIdentifier(
					tagWorkspaceParameter,
					this.getNodeParameter('workspace', itemIndex, ''),
					'a workspace identifier',
				),
				createIfMissing:
					add &&
					readFlag(
						createIfMissingParameter,
						this.getNodeParameter('createIfMissing', itemIndex, false),
					),
			});
		} catch (error) {
			outcomes.fail(itemIndex, error);
			if (outcomes.stopped) return outcomes.settled;
		}
	}

	// Tags given by name, looked up once per name and workspace.
	const workspaces = new Map<string, Promise<string>>();
	const byName = new Map<string, Promise<Resolved>>();
	const documentWorkspace = (identifier: string, itemIndex: number) => {
		if (!workspaces.has(identifier))
			workspaces.set(identifier, workspaceOf.call(this, identifier, itemIndex));
		return workspaces.get(identifier) as Promise<string>;
	};
	const groups = new Map<number, { resolved: Resolved; members: Wanted[] }>();
	for (const item of wanted) {
		try {
			let resolved: Resolved;
			if ('id' in item.choice) {
				resolved = { tag: { id: item.choice.id }, created: false };
			} else {
				const { name } = item.choice;
				const workspace =
					item.workspace ?? (await documentWorkspace(item.identifier, item.itemIndex));
				const key = JSON.stringify([workspace, name, item.createIfMissing]);
				if (!byName.has(key))
					byName.set(
						key,
						tagNamed.call(this, name, workspace, item.createIfMissing, item.itemIndex),
					);
				resolved = await (byName.get(key) as Promise<Resolved>);
			}
			const group = groups.get(resolved.tag.id) ?? { resolved, members: [] };
			group.members.push(item);
			groups.set(resolved.tag.id, group);
		} catch (error) {
			outcomes.fail(item.itemIndex, error);
			if (outcomes.stopped) return outcomes.settled;
		}
	}

	for (const { resolved, members } of groups.values()) {
		for (let start = 0; start < members.length; start += TAG_BATCH_SIZE) {
			const chunk = members.slice(start, start + TAG_BATCH_SIZE);
			try {
				// The service answers 204 with no body.
				await affindaApiRequest.call(this, {
					method: 'POST',
					path: `${DOCUMENTS_PATH}/${add ? 'batch_add_tag' : 'batch_remove_tag'}`,
					body: {
						identifiers: [...new Set(chunk.map(({ identifier }) => identifier))],
						tag: resolved.tag.id,
					},
					// One request for many items: the first item's Request Timeout stands for all.
					timeoutMs: readRequestTimeoutMs.call(this, chunk[0].itemIndex),
					// Adding (or removing) a tag twice leaves the documents as once.
					idempotent: true,
				});
			} catch (error) {
				for (const { itemIndex } of chunk) outcomes.fail(itemIndex, error);
				if (outcomes.stopped) return outcomes.settled;
				continue;
			}
			for (const { identifier, itemIndex } of chunk) {
				outcomes.ok(itemIndex, {
					identifier,
					tag: { ...resolved.tag },
					...(resolved.created ? { tagCreated: true } : {}),
				} as IDataObject);
			}
		}
	}
	return outcomes.settled;
}

/** The workspace a document belongs to, read from the document. */
async function workspaceOf(
	this: IExecuteFunctions,
	identifier: string,
	itemIndex: number,
): Promise<string> {
	const document = await requestForItem.call(this, {
		method: 'GET',
		path: documentPath(identifier),
		itemIndex,
	});
	const workspace = (
		(document.meta as IDataObject | undefined)?.workspace as IDataObject | undefined
	)?.identifier;
	if (typeof workspace !== 'string') {
		throw new NodeOperationError(
			this.getNode(),
			`Affinda's answer for document ${identifier} does not say its workspace`,
			{ itemIndex, description: 'Pick the Workspace of the tag in the node.' },
		);
	}
	return workspace;
}

async function tagNamed(
	this: IExecuteFunctions,
	name: string,
	workspace: string,
	createIfMissing: boolean,
	itemIndex: number,
): Promise<Resolved> {
	const summary = (tag: Tag) => ({
		id: tag.id,
		name: tag.name,
		workspace: tag.workspace ?? workspace,
	});
	if (createIfMissing) {
		const { tag, created } = await findOrCreateTag.call(this, name, workspace, itemIndex);
		return { tag: summary(tag), created };
	}
	const tag = await findTag.call(this, name, workspace, itemIndex);
	if (!tag) {
		throw new NodeOperationError(
			this.getNode(),
			`Workspace ${workspace} has no tag named "${name}"`,
			{
				itemIndex,
				description:
					'Nothing was sent. Check the name (it must match exactly), pick the tag from the list, or turn on Create If Missing (Add Tag).',
			},
		);
	}
	return { tag: summary(tag), created: false };
}
