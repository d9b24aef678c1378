// The dropdown sources: organizations, workspaces (organization required), document types,
// occupation groups (unpaged arrays, as the service returns them), and indices with their
// documents (paged).

import type { App } from '../app';
import { OCCUPATION_TREE } from '../data/occupations';
import { fieldError, notFound, pageOf, queryValue, readPaging, validationError } from '../http';
import type { Router, RequestContext, Reply } from '../router';
import { indexDocTypeOf, type IndexDocType } from '../store';
import { arrayOf, bool, objectOf, str, validate } from '../validation';
import {
	collectionView,
	documentTypeView,
	indexView,
	organizationView,
	workspaceView,
} from '../views';
import { documentTypeJsonSchema } from '../json-schema';
import { ALREADY_IN_INDEX } from '../service-errors';

const INVALID_CHOICE = 'Select a valid choice. That choice is not one of the available choices.';
const INDEX_DOC_TYPES: readonly IndexDocType[] = ['resumes', 'job_descriptions'];

function requireKnownOrganization(app: App, attr: string, value: string | undefined): void {
	if (value !== undefined && value !== app.store.organization.identifier)
		throw fieldError(attr, 'invalid_choice', INVALID_CHOICE);
}

function listWorkspaces(app: App) {
	return (ctx: RequestContext): Reply => {
		const organization = queryValue(ctx.query, 'organization');
		if (!organization) throw fieldError('organization', 'required', 'This field is required.');
		requireKnownOrganization(app, 'organization', organization);
		const name = queryValue(ctx.query, 'name')?.toLowerCase();
		const workspaces = app.store.workspaces.filter(
			(w) => !name || w.name.toLowerCase().includes(name),
		);
		return { status: 200, body: workspaces.map((w) => workspaceView(app.store, w)) };
	};
}

const WORKSPACE_CREATE = objectOf(
	{
		organization: str({ notBlank: true }),
		name: str({ notBlank: true }),
		visibility: str({ enum: ['organization', 'private'] }),
		rejectInvalidDocuments: bool,
		rejectDuplicates: { ...bool, nullable: true },
		documentTypes: arrayOf(str()),
	},
	{ required: ['organization', 'name'] },
);

function createWorkspace(app: App) {
	return (ctx: RequestContext): Reply => {
		const body = ctx.json();
		const errors = validate(body, WORKSPACE_CREATE);
		if (errors.length > 0) throw validationError(errors);
		const {
			organization,
			name,
			documentTypes = [],
		} = body as {
			organization: string;
			name: string;
			documentTypes?: string[];
		};
		requireKnownOrganization(app, 'organization', organization);
		documentTypes.forEach((identifier, i) => {
			if (!app.store.documentType(identifier))
				throw fieldError(
					`documentTypes.${i}`,
					'does_not_exist',
					`Object with identifier=${identifier} does not exist.`,
				);
		});
		const workspace = app.store.createWorkspace(name, documentTypes);
		return { status: 201, body: workspaceView(app.store, workspace) };
	};
}

function listDocumentTypes(app: App) {
	return (ctx: RequestContext): Reply => {
		requireKnownOrganization(app, 'organization', queryValue(ctx.query, 'organization'));
		const workspaceId = queryValue(ctx.query, 'workspace');
		const workspace = workspaceId === undefined ? undefined : app.store.workspace(workspaceId);
		if (workspaceId !== undefined && !workspace)
			throw fieldError('workspace', 'invalid_choice', INVALID_CHOICE);
		const types = app.store.documentTypes.filter(
			(t) => !workspace || workspace.documentTypes.includes(t.identifier),
		);
		return { status: 200, body: types.map((t) => documentTypeView(app.store, t)) };
	};
}

function listIndices(app: App) {
	return (ctx: RequestContext): Reply => {
		const page = readPaging(ctx.query, 100);
		const docType = queryValue(ctx.query, 'document_type');
		if (docType !== undefined && !INDEX_DOC_TYPES.includes(docType as IndexDocType)) {
			throw fieldError(
				'document_type',
				'invalid_choice',
				`Select a valid choice. ${docType} is not one of the available choices.`,
			);
		}
		const name = queryValue(ctx.query, 'name');
		const indices = [...app.store.indices.values()].filter(
			(i) => (!docType || i.docType === docType) && (!name || i.name === name),
		);
		const listed = pageOf(indices, page, (limit, offset) => ctx.pageUrl(limit, offset));
		return { status: 200, body: { ...listed, results: listed.results.map(indexView) } };
	};
}

const INDEX_CREATE = objectOf(
	{ name: str({ notBlank: true }), docType: str({ enum: INDEX_DOC_TYPES }) },
	{ required: ['name'] },
);

function createIndex(app: App) {
	return (ctx: RequestContext): Reply => {
		const body = ctx.json();
		const errors = validate(body, INDEX_CREATE);
		if (errors.length > 0) throw validationError(errors);
		const { name, docType = 'resumes' } = body as { name: string; docType?: IndexDocType };
		if (app.store.indices.has(name))
			throw fieldError('name', 'unique', 'This index name has already been used');
		return { status: 201, body: indexView(app.store.createIndex(name, docType)) };
	};
}

const INDEX_DOCUMENT = objectOf({ document: str() }, { required: ['document'] });

function addIndexDocument(app: App) {
	return (ctx: RequestContext): Reply => {
		const { store } = app;
		const index = store.requireIndex(ctx.params.name);
		const body = ctx.json();
		const errors = validate(body, INDEX_DOCUMENT);
		if (errors.length > 0) throw validationError(errors);
		const identifier = (body as { document: string }).document;
		const doc = store.document(identifier);
		if (!doc)
			throw fieldError(
				'document',
				'does_not_exist',
				`Object with identifier=${identifier} does not exist.`,
			);
		if (index.members.has(identifier)) {
			throw fieldError(ALREADY_IN_INDEX.attr, ALREADY_IN_INDEX.code, ALREADY_IN_INDEX.detail);
		}
		if (indexDocTypeOf(doc.extractor) !== index.docType) {
			throw fieldError(
				'document',
				'invalid',
				`Index "${index.name}" holds ${index.docType}; document ${identifier} is a "${doc.extractor}" document.`,
			);
		}
		if (!store.isReady(doc))
			throw fieldError(
				'document',
				'invalid',
				`Document ${identifier} is still being parsed; index it once it is ready.`,
			);
		if (doc.failed)
			throw fieldError(
				'document',
				'invalid',
				`Document ${identifier} failed to parse (${doc.error?.errorCode}) and cannot be indexed.`,
			);
		store.addToIndex(index.name, doc);
		return { status: 201, body: { document: identifier } };
	};
}

export function registerCatalogRoutes(router: Router, app: App): void {
	const { store } = app;
	router.add('GET', '/v3/organizations', () => ({ status: 200, body: [organizationView(store)] }));
	router.add('GET', '/v3/organizations/{identifier}', (ctx) => {
		if (ctx.params.identifier !== store.organization.identifier) throw notFound();
		return { status: 200, body: organizationView(store) };
	});
	router.add('GET', '/v3/workspaces', listWorkspaces(app));
	router.add('POST', '/v3/workspaces', createWorkspace(app));
	router.add('GET', '/v3/workspaces/{identifier}', (ctx) => {
		const workspace = store.workspace(ctx.params.identifier);
		if (!workspace) throw notFound();
		return { status: 200, body: workspaceView(store, workspace) };
	});
	router.add('DELETE', '/v3/workspaces/{identifier}', (ctx) => {
		const workspace = store.workspace(ctx.params.identifier);
		if (!workspace) throw notFound();
		store.deleteWorkspace(workspace);
		return { status: 204 };
	});
	router.add('GET', '/v3/document_types', listDocumentTypes(app));
	router.add('GET', '/v3/document_types/{identifier}', (ctx) => {
		const type = store.documentType(ctx.params.identifier);
		if (!type) throw notFound();
		return { status: 200, body: documentTypeView(store, type) };
	});
	router.add('GET', '/v3/document_types/{identifier}/json_schema', (ctx) => {
		const type = store.documentType(ctx.params.identifier);
		if (!type) throw notFound();
		const title = queryValue(ctx.query, 'title');
		return { status: 200, body: documentTypeJsonSchema(store, type, title, ctx.origin) };
	});
	// Collections are deprecated in the service but still take uploads; listing needs a workspace.
	router.add('GET', '/v3/collections', (ctx) => {
		const workspaceId = queryValue(ctx.query, 'workspace');
		if (!workspaceId) throw fieldError('workspace', 'required', 'This field is required.');
		const workspace = store.workspace(workspaceId);
		if (!workspace) throw fieldError('workspace', 'invalid_choice', INVALID_CHOICE);
		return {
			status: 200,
			body: store.collections
				.filter((c) => c.workspace === workspace)
				.map((c) => collectionView(store, c)),
		};
	});
	router.add('GET', '/v3/collections/{identifier}', (ctx) => {
		const collection = store.collection(ctx.params.identifier);
		if (!collection) throw notFound();
		return { status: 200, body: collectionView(store, collection) };
	});
	router.add('GET', '/v3/occupation_groups', () => ({ status: 200, body: OCCUPATION_TREE }));

	router.add('GET', '/v3/index', listIndices(app));
	router.add('POST', '/v3/index', createIndex(app));
	router.add('DELETE', '/v3/index/{name}', (ctx) => {
		store.requireIndex(ctx.params.name);
		store.indices.delete(ctx.params.name);
		return { status: 204 };
	});
	router.add('GET', '/v3/index/{name}/documents', (ctx) => {
		const index = store.requireIndex(ctx.params.name);
		const listed = pageOf(index.documents, readPaging(ctx.query, 100), (limit, offset) =>
			ctx.pageUrl(limit, offset),
		);
		return {
			status: 200,
			body: { ...listed, results: listed.results.map((document) => ({ document })) },
		};
	});
	router.add('POST', '/v3/index/{name}/documents', addIndexDocument(app));
	router.add('DELETE', '/v3/index/{name}/documents/{identifier}', (ctx) => {
		if (!store.removeFromIndex(store.requireIndex(ctx.params.name), ctx.params.identifier))
			throw notFound();
		return { status: 204 };
	});
	// An index's searches see a member as it was when added or last re-indexed (store.ts): this
	// takes its current data in. 200 with no body (OAS3 declares no content); 404 for an unknown
	// index or a document the index does not hold.
	router.add('POST', '/v3/index/{name}/documents/{identifier}/re_index', (ctx) => {
		if (!store.reIndex(store.requireIndex(ctx.params.name), ctx.params.identifier))
			throw notFound();
		return { status: 200 };
	});
}
