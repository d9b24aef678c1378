import type { DisplayCondition, IDataObject, INodeProperties } from 'n8n-workflow';

import { byDisplayName } from '../../../shared/order';
import { invalid, isBlank, readFlag, readNumber } from '../../../shared/readers';
import { boundsTypeOptions, toWireValue, type WireRow } from '../../../shared/wireRows';

/**
 * The fields of the service's annotation update, written once: the Update operation's
 * "Update Fields", the Batch Update's per-item fields, and the JSON each request carries are all
 * derived from this table, rows of the one shape (shared/wireRows.ts) that translates a value by
 * its kind. `inBatch` is false for the one field the batch update lacks; Parsed Value is read as
 * Parsed Value Type says, not by its row's kind.
 */

interface AnnotationField extends WireRow {
	description: string;
	inBatch: boolean;
}

/** The smallest annotation ID. */
const ANNOTATION_ID_MIN = 1;

const ANNOTATION_FIELDS: readonly AnnotationField[] = [
	{
		name: 'parsed',
		displayName: 'Parsed Value',
		kind: 'text',
		description: 'The corrected value of the annotation, read as the Parsed Value Type says',
		inBatch: true,
	},
	{
		name: 'raw',
		displayName: 'Raw Text',
		kind: 'textAsWritten',
		description: 'The text as it appears in the document, before post-processing',
		inBatch: true,
	},
	{
		name: 'isClientVerified',
		displayName: 'Client Verified',
		kind: 'flag',
		description: 'Whether a person has checked this value',
		inBatch: true,
	},
	{
		name: 'pageIndex',
		displayName: 'Page Index',
		kind: 'wholeNumber',
		bounds: { min: 0 },
		nullable: true,
		description: 'Page the annotation is on, counting from 0',
		inBatch: true,
	},
	{
		name: 'document',
		displayName: 'Document ID',
		kind: 'text',
		description: 'Identifier of the document the annotation belongs to',
		inBatch: true,
	},
	{
		name: 'dataPoint',
		displayName: 'Data Point',
		kind: 'text',
		description: "The data point's identifier",
		inBatch: true,
	},
	{
		name: 'field',
		displayName: 'Field',
		kind: 'text',
		description: "The field's identifier",
		inBatch: false,
	},
	{
		name: 'parent',
		displayName: 'Parent Annotation ID',
		kind: 'wholeNumber',
		bounds: { min: ANNOTATION_ID_MIN },
		nullable: true,
		description: 'ID of the annotation this one is part of',
		inBatch: true,
	},
	{
		name: 'rectangles',
		displayName: 'Rectangles',
		kind: 'rectangles',
		description:
			'JSON array of the boxes holding the value: [{"pageIndex": 0, "x0": 1.5, "y0": 2, "x1": 30, "y1": 4}]',
		inBatch: true,
	},
	{
		name: 'validationResults',
		displayName: 'Validation Results',
		kind: 'objectList',
		description: 'JSON array of validation results changed by this update',
		inBatch: true,
	},
];

const PARSED_TYPES = [
	{ name: 'Boolean', value: 'boolean' },
	{ name: 'JSON', value: 'json' },
	{ name: 'Null', value: 'null' },
	{ name: 'Number', value: 'number' },
	{ name: 'Text', value: 'text' },
] as const;

type ParsedType = (typeof PARSED_TYPES)[number]['value'];

function fieldsFor(batch: boolean): AnnotationField[] {
	return ANNOTATION_FIELDS.filter((field) => field.inBatch || !batch);
}

/** Each field as the Update Fields collection offers it; an added field starts empty or off. */
function propertyFor(field: AnnotationField): INodeProperties {
	const { name, displayName, kind, description } = field;
	switch (kind) {
		case 'flag':
			return { displayName, name, type: 'boolean', default: false, description };
		case 'wholeNumber':
			return {
				displayName,
				name,
				type: 'number',
				default: null,
				typeOptions: boundsTypeOptions(field),
				description,
			};
		case 'rectangles':
		case 'objectList':
			return { displayName, name, type: 'json', default: '', description };
		default:
			return { displayName, name, type: 'string', default: '', description };
	}
}

const parsedTypeParameter: INodeProperties = {
	displayName: 'Parsed Value Type',
	name: 'parsedType',
	type: 'options',
	options: [...PARSED_TYPES],
	default: 'text',
	description: 'How to read Parsed Value: as text, a number, true/false, JSON, or no value',
};

/** Update Fields, without its options (they depend on single or batch update). */
const updateFieldsParameter = {
	displayName: 'Update Fields',
	name: 'updateFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
} as const;

/** The fields to update, as one collection; with the type that says how to read Parsed Value. */
export function annotationFieldsCollection(batch: boolean): INodeProperties {
	const options: INodeProperties[] = [...fieldsFor(batch).map(propertyFor), parsedTypeParameter];
	return { ...updateFieldsParameter, options: options.sort(byDisplayName) };
}

/* ---------------------------------------------------------- request body */

function toJson(field: AnnotationField, value: unknown): unknown {
	if (typeof value !== 'string') return value;
	try {
		return JSON.parse(value);
	} catch {
		return invalid(field, value, 'valid JSON');
	}
}

/** Parsed Value entered as text in the node, read as its type says. */
function toParsed(field: AnnotationField, value: unknown, type: ParsedType): unknown {
	const text = typeof value === 'string' ? value.trim() : value;
	switch (type) {
		case 'null':
			return null;
		case 'text':
			if (typeof value === 'string') return value;
			// What JSON cannot say (NaN, Infinity, nothing) would arrive as null.
			if (value === undefined || (typeof value === 'number' && !Number.isFinite(value))) {
				return invalid(field, value, 'text');
			}
			return JSON.stringify(value);
		case 'number':
			return readNumber(field, value);
		case 'boolean':
			return readFlag(field, text);
		case 'json':
			return toJson(field, value);
	}
}

/** A field's wire value: Parsed Value as its type says, every other field by its row's kind. */
function fieldValue(field: AnnotationField, value: unknown, parsedType: ParsedType): unknown {
	return field.name === 'parsed' ? toParsed(field, value, parsedType) : toWireValue(field, value);
}

/** Starts empty and is required: running the node untouched changes no annotation. */
export const annotationIdParameter: INodeProperties = {
	displayName: 'Annotation ID',
	name: 'id',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 12345',
	description: 'ID of the annotation to change, from a parsed document of a non-resume type',
};

/** A notice in the panel while Update Fields is empty: the run would change nothing. */
export const emptyUpdateNotice: INodeProperties = {
	displayName: 'Add at least one field to change: an update without fields is refused',
	name: 'emptyUpdateNotice',
	type: 'notice',
	default: '',
	// n8n compares with deep equality; its types only name scalar values.
	displayOptions: { show: { updateFields: [{ _cnd: { eq: {} } } as unknown as DisplayCondition] } },
};

const ANNOTATION_ID: WireRow = {
	displayName: annotationIdParameter.displayName,
	name: annotationIdParameter.name,
	kind: 'wholeNumber',
	bounds: { min: ANNOTATION_ID_MIN },
};

export function toAnnotationId(value: unknown): number {
	return toWireValue(ANNOTATION_ID, value) as number;
}

/**
 * The update body from the node's Update Fields (`parsedType` says how to read Parsed Value).
 * At least one field must be set: an empty update would change nothing.
 */
export function buildAnnotationUpdate(values: IDataObject, batch: boolean): IDataObject {
	const parsedType = (values.parsedType ?? 'text') as ParsedType;
	if (!PARSED_TYPES.some((type) => type.value === parsedType)) {
		invalid(parsedTypeParameter, parsedType, 'one of boolean, json, null, number, text');
	}
	const update: IDataObject = {};
	for (const field of fieldsFor(batch)) {
		// Choosing the Null type is how a user clears the parsed value.
		if (field.name === 'parsed' && parsedType === 'null') {
			update.parsed = null;
			continue;
		}
		const value = values[field.name];
		if (isBlank(value)) continue;
		update[field.name] = fieldValue(field, value, parsedType) as IDataObject[keyof IDataObject];
	}
	if (Object.keys(update).length === 0) {
		invalid(updateFieldsParameter, {}, 'at least one field to change');
	}
	return update;
}

/**
 * An annotation taken from an input item's JSON, as another node produced it: `id` plus any of
 * the batch fields, whose values are already typed. Other keys (confidence, contentType ...) are
 * what the service sends back and are left out.
 */
export function annotationFromItem(json: IDataObject): IDataObject {
	const annotation: IDataObject = { id: toAnnotationId(json.id) };
	for (const field of fieldsFor(true)) {
		if (!(field.name in json)) continue;
		const value = json[field.name];
		annotation[field.name] = (
			field.name === 'parsed' ? value : toWireValue(field, value)
		) as IDataObject[keyof IDataObject];
	}
	if (Object.keys(annotation).length === 1) {
		invalid(
			{ displayName: 'Input Item', name: 'json' },
			json,
			`an "id" and at least one of ${fieldsFor(true)
				.map((f) => f.name)
				.join(', ')}`,
		);
	}
	return annotation;
}
