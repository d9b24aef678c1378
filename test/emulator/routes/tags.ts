// Tags (`/v3/tags`) and tagging documents in batches (`/v3/documents/batch_add_tag`,
// `batch_remove_tag`): a tag belongs to a workspace and tags documents of that workspace.

import type { App } from '../app';
import { fieldError, notFound, queryValue, readPaging, validationError } from '../http';
import type { Reply, RequestContext, Router } from '../router';
import { tagView, type TagRecord } from '../tags';
import { arrayOf, objectOf, str, validate, type Schema } from '../validation';

/** The published bodies leave other fields open: they are ignored, as the service's serializers do. */
const TAG_CREATE = objectOf(
	{ name: str({ notBlank: true }), workspace: str({ notBlank: true }) },
	{ required: ['name', 'workspace'], unknownFields: 'ignore' },
);
const TAG_UPDATE = objectOf(
	{ name: str({ notBlank: true }), workspace: str({ notBlank: true }) },
	{ unknownFields: 'ignore' },
);
const TAG_ID: Schema = { type: 'integer', minimum: 1 };
const BATCH_TAG = objectOf(
	{ identifiers: arrayOf(str({ notBlank: true }), { notEmpty: true }), tag: TAG_ID },
	{ required: ['identifiers', 'tag'], unknownFields: 'ignore' },
);

const doesNotExist = (attr: string, value: unknown) =>
	fieldError(attr, 'does_not_exist', `Invalid pk "${String(value)}" - object does not exist.`);

function checked(ctx: RequestContext, schema: Schema): Record<string, unknown> {
	const body = ctx.json();
	const errors = validate(body, schema);
	if (errors.length > 0) throw validationError(errors);
	return body as Record<string, unknown>;
}

function requireTag(app: App, id: string): TagRecord {
	const tag = /^\d+$/.test(id) ? app.store.tags.get(Number(id)) : undefined;
	if (!tag) throw notFound();
	return tag;
}

function requireWorkspace(app: App, identifier: string): void {
	if (!app.store.workspace(identifier))
		throw fieldError(
			'workspace',
			'does_not_exist',
			`Object with identifier=${identifier} does not exist.`,
		);
}

/** A workspace holds one tag of a name (the emulator's reading: the schema does not say). */
function refuseTakenName(app: App, name: string, workspace: string, except?: TagRecord): void {
	const taken = app.store.tags.named(name, workspace);
	if (taken && taken !== except)
		throw fieldError(
			'non_field_errors',
			'unique',
			'The fields name, workspace must make a unique set.',
		);
}

function listTags(app: App) {
	return (ctx: RequestContext): Reply => {
		const { limit, offset } = readPaging(ctx.query, 100);
		const workspace = queryValue(ctx.query, 'workspace');
		if (workspace !== undefined && !app.store.workspace(workspace))
			throw fieldError(
				'workspace',
				'invalid_choice',
				'Select a valid choice. That choice is not one of the available choices.',
			);
		const name = queryValue(ctx.query, 'name');
		const tags = app.store.tags
			.all()
			.filter((t) => (!workspace || t.workspace === workspace) && (!name || t.name === name));
		// The published answer is a plain array; limit and offset cut it.
		return { status: 200, body: tags.slice(offset, offset + limit).map(tagView) };
	};
}

function createTag(app: App) {
	return (ctx: RequestContext): Reply => {
		const { name, workspace } = checked(ctx, TAG_CREATE) as { name: string; workspace: string };
		requireWorkspace(app, workspace);
		refuseTakenName(app, name, workspace);
		return { status: 201, body: tagView(app.store.tags.create(name, workspace)) };
	};
}

function updateTag(app: App) {
	return (ctx: RequestContext): Reply => {
		const tag = requireTag(app, ctx.params.id);
		const edit = checked(ctx, TAG_UPDATE) as { name?: string; workspace?: string };
		if (edit.workspace !== undefined) requireWorkspace(app, edit.workspace);
		refuseTakenName(app, edit.name ?? tag.name, edit.workspace ?? tag.workspace, tag);
		Object.assign(tag, edit);
		return { status: 200, body: tagView(tag) };
	};
}

/**
 * Adds or removes one tag on many documents at once. Every document must exist and belong to the
 * tag's workspace (the emulator's reading of "a tag belongs to a workspace"); adding a tag a
 * document has, or removing one it lacks, changes nothing and is no error.
 */
function batchTag(app: App, add: boolean) {
	return (ctx: RequestContext): Reply => {
		const { identifiers, tag: id } = checked(ctx, BATCH_TAG) as {
			identifiers: string[];
			tag: number;
		};
		const tag = app.store.tags.get(id);
		if (!tag) throw doesNotExist('tag', id);
		const errors = identifiers.flatMap((identifier, position) => {
			const doc = app.store.document(identifier);
			if (!doc)
				return [
					{
						attr: `identifiers.${position}`,
						code: 'does_not_exist',
						detail: `Invalid pk "${identifier}" - object does not exist.`,
					},
				];
			if (doc.workspace.identifier !== tag.workspace)
				return [
					{
						attr: `identifiers.${position}`,
						code: 'invalid',
						detail: `Document ${identifier} is in workspace ${doc.workspace.identifier}; tag ${tag.id} belongs to workspace ${tag.workspace}.`,
					},
				];
			return [];
		});
		if (errors.length > 0) throw validationError(errors);
		for (const identifier of identifiers) {
			if (add) tag.documents.add(identifier);
			else tag.documents.delete(identifier);
		}
		return { status: 204 };
	};
}

export function registerTagRoutes(router: Router, app: App): void {
	router.add('GET', '/v3/tags', listTags(app));
	router.add('POST', '/v3/tags', createTag(app));
	router.add('GET', '/v3/tags/{id}', (ctx) => ({
		status: 200,
		body: tagView(requireTag(app, ctx.params.id)),
	}));
	router.add('PATCH', '/v3/tags/{id}', updateTag(app));
	router.add('DELETE', '/v3/tags/{id}', (ctx) => {
		app.store.tags.delete(requireTag(app, ctx.params.id).id);
		return { status: 204 };
	});
	router.add('POST', '/v3/documents/batch_add_tag', batchTag(app, true));
	router.add('POST', '/v3/documents/batch_remove_tag', batchTag(app, false));
}
