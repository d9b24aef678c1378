// Annotations: list a document's, read one, PATCH one, batch_update many (all or nothing); and the
// document's validation results, which follow its annotations.

import { parsedErrors, type AnnotationRecord } from '../annotations';
import type { App } from '../app';
import {
	fieldError,
	notFound,
	pageOf,
	queryValue,
	readPaging,
	validationError,
	type ErrorItem,
} from '../http';
import type { Router, RequestContext, Reply } from '../router';
import { arrayOf, bool, objectOf, str, validate, type Schema } from '../validation';
import type { StoredDocument } from '../store';
import { validationResultsOf } from '../validation-results';
import { annotationView } from '../views';

/** The largest page of annotations or validation results the emulator serves. */
const ANNOTATIONS_MAX_LIMIT = 100;

const rectangle: Schema = objectOf(
	{
		pageIndex: { type: 'integer', minimum: 0 },
		x0: { type: 'number' },
		y0: { type: 'number' },
		x1: { type: 'number' },
		y1: { type: 'number' },
	},
	{ required: ['x0', 'y0', 'x1', 'y1'] },
);

/** AnnotationUpdate's fields; the batch form adds `id` and has no `field`. */
const UPDATE_FIELDS: Record<string, Schema> = {
	rectangles: arrayOf(rectangle),
	document: str(),
	pageIndex: { type: 'integer', minimum: 0, nullable: true },
	raw: { type: 'string', nullable: true },
	parsed: { type: 'any' },
	isClientVerified: bool,
	dataPoint: str(),
	parent: { type: 'integer', minimum: 1, nullable: true },
	validationResults: arrayOf({
		type: 'object',
		properties: {},
		additionalProperties: { type: 'any' },
		nullable: true,
	}),
};
const ANNOTATION_UPDATE = objectOf({ ...UPDATE_FIELDS, field: { type: 'string', nullable: true } });
const BATCH_UPDATE: Schema = arrayOf(
	objectOf({ id: { type: 'integer', minimum: 1 }, ...UPDATE_FIELDS }, { required: ['id'] }),
);

type AnnotationEdit = Parameters<App['store']['updateAnnotation']>[1] & { document?: string };

/** What the store cannot take: a move to another document, or a parsed value of the wrong kind. */
function editErrors(
	app: App,
	record: AnnotationRecord,
	edit: AnnotationEdit,
	prefix: string,
): ErrorItem[] {
	const errors: ErrorItem[] = [];
	if (edit.document !== undefined && edit.document !== record.document) {
		errors.push({
			attr: `${prefix}document`,
			code: 'invalid',
			detail: `Annotation ${record.id} belongs to document ${record.document}; it cannot move to another document.`,
		});
	}
	if (edit.parent !== undefined && edit.parent !== null && !app.store.annotation(edit.parent)) {
		errors.push({
			attr: `${prefix}parent`,
			code: 'does_not_exist',
			detail: `Invalid pk "${edit.parent}" - object does not exist.`,
		});
	}
	if (edit.parsed !== undefined)
		errors.push(...parsedErrors(record.contentType, edit.parsed, `${prefix}parsed`));
	return errors;
}

function annotationFromPath(app: App, ctx: RequestContext): AnnotationRecord {
	const id = /^\d+$/.test(ctx.params.id) ? Number(ctx.params.id) : NaN;
	const record = Number.isInteger(id) && id >= 1 ? app.store.annotation(id) : undefined;
	if (!record) throw notFound();
	return record;
}

/** The document a list names in its required `document` query parameter (400 when unknown). */
export function documentOfQuery(app: App, ctx: RequestContext): StoredDocument {
	const identifier = queryValue(ctx.query, 'document');
	if (!identifier) throw fieldError('document', 'required', 'This field is required.');
	const doc = app.store.document(identifier);
	if (!doc)
		throw fieldError(
			'document',
			'invalid_choice',
			'Select a valid choice. That choice is not one of the available choices.',
		);
	return doc;
}

/** A page of the document's annotations (OAS3: PaginatedResponse of Annotation). */
function listAnnotations(app: App) {
	return (ctx: RequestContext): Reply => {
		const doc = documentOfQuery(app, ctx);
		const page = readPaging(ctx.query, ANNOTATIONS_MAX_LIMIT);
		const all = app.store.isReady(doc) ? app.store.annotationsOf(doc) : [];
		const listed = pageOf(all, page, (limit, offset) => ctx.pageUrl(limit, offset));
		return { status: 200, body: { ...listed, results: listed.results.map(annotationView) } };
	};
}

/** The document's validation results: a plain array, cut by `limit` and `offset` (OAS3). */
function listValidationResults(app: App) {
	return (ctx: RequestContext): Reply => {
		const doc = documentOfQuery(app, ctx);
		const { limit, offset } = readPaging(ctx.query, ANNOTATIONS_MAX_LIMIT);
		const results = validationResultsOf(app.store, doc);
		return { status: 200, body: results.slice(offset, offset + limit) };
	};
}

function patchAnnotation(app: App) {
	return (ctx: RequestContext): Reply => {
		const record = annotationFromPath(app, ctx);
		const edit = ctx.json();
		const errors = validate(edit, ANNOTATION_UPDATE);
		if (errors.length === 0) errors.push(...editErrors(app, record, edit as AnnotationEdit, ''));
		if (errors.length > 0) throw validationError(errors);
		app.store.updateAnnotation(record, edit as AnnotationEdit);
		return { status: 200, body: annotationView(record) };
	};
}

function batchUpdateAnnotations(app: App) {
	return (ctx: RequestContext): Reply => {
		const edits = ctx.json();
		const errors = validate(edits, BATCH_UPDATE);
		if (errors.length > 0) throw validationError(errors);
		const list = edits as Array<AnnotationEdit & { id: number }>;
		const records = list.map((edit, i) => {
			const record = app.store.annotation(edit.id);
			if (!record)
				errors.push({
					attr: `${i}.id`,
					code: 'does_not_exist',
					detail: `Invalid pk "${edit.id}" - object does not exist.`,
				});
			else errors.push(...editErrors(app, record, edit, `${i}.`));
			return record;
		});
		// All or nothing: nothing is applied while any item is wrong.
		if (errors.length > 0) throw validationError(errors);
		list.forEach((edit, i) => app.store.updateAnnotation(records[i] as AnnotationRecord, edit));
		return { status: 200, body: records.map((r) => annotationView(r as AnnotationRecord)) };
	};
}

export function registerAnnotationRoutes(router: Router, app: App): void {
	router.add('GET', '/v3/annotations', listAnnotations(app));
	router.add('GET', '/v3/validation_results', listValidationResults(app));
	router.add('GET', '/v3/annotations/{id}', (ctx) => ({
		status: 200,
		body: annotationView(annotationFromPath(app, ctx)),
	}));
	router.add('PATCH', '/v3/annotations/{id}', patchAnnotation(app));
	router.add('POST', '/v3/annotations/batch_update', batchUpdateAnnotations(app));
}
