// GET /v3/document_types/{identifier}/json_schema: the JSON schema of a document type's data.
// The service publishes only that the answer is an object (OAS3); the emulator answers a JSON
// Schema of the data's values, keyed as the documents key them (a custom type: by its slugs).

import type { CustomField } from './data/custom-type';
import type { DocumentTypeRecord, Store } from './store';
import { documentView } from './views';

type Json = Record<string, unknown>;

const nullable = (type: string) => ({ type: [type, 'null'] });

function fieldSchema(field: CustomField): Json {
	const base = { title: field.label };
	switch (field.type) {
		case 'date':
			return { ...base, ...nullable('string'), format: 'date' };
		case 'enum':
			return {
				...base,
				...nullable('object'),
				properties: {
					label: { type: 'string' },
					value: { type: 'string', enum: field.choices?.map((c) => c.value) ?? [] },
				},
			};
		case 'location':
			return {
				...base,
				...nullable('object'),
				properties: Object.fromEntries(
					['formatted', 'city', 'state', 'country', 'countryCode', 'postalCode', 'rawInput'].map(
						(k) => [k, nullable('string')],
					),
				),
			};
		default:
			return { ...base, ...nullable('string') };
	}
}

/** A schema that a value fits, read from the value (for types without a field table). */
function inferred(value: unknown): Json {
	if (value === null || value === undefined) return { type: 'null' };
	if (Array.isArray(value)) return { type: 'array', items: value.length ? inferred(value[0]) : {} };
	if (typeof value === 'object')
		return {
			type: 'object',
			properties: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inferred(v)])),
		};
	return { type: typeof value === 'number' ? 'number' : typeof value };
}

export function documentTypeJsonSchema(
	store: Store,
	type: DocumentTypeRecord,
	title: string | undefined,
	origin: string,
): Json {
	const head = {
		$schema: 'http://json-schema.org/draft-07/schema#',
		title: title ?? type.name,
		type: 'object',
	};
	if (type.fields)
		return {
			...head,
			properties: Object.fromEntries(type.fields.map((f) => [f.slug, fieldSchema(f)])),
		};
	// Other types: the values of one of its documents, as compact=true shows them.
	const sample = store
		.allDocuments()
		.find((d) => d.documentType === type && store.isReady(d) && d.data && !d.failed);
	const data = sample ? (documentView(store, sample, { origin, compact: true }).data as Json) : {};
	const properties = (inferred(data) as { properties?: Json }).properties ?? {};
	delete properties.rawText; // the document's text, not a field
	return { ...head, properties };
}
