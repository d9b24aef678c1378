import type { IDataObject } from 'n8n-workflow';
import { UserError } from 'n8n-workflow';

/**
 * Reading Affinda's values whatever their wrapping. Without `compact`, the service wraps each
 * value of a NextGen resume, a job description or a custom document type in an annotation
 * (`raw`, `parsed`, `confidence`, `isVerified`, `isClientVerified`, …); with it, or in a legacy
 * resume, the value stands alone. A reader unwraps through `Evidence`, which keeps the lowest
 * confidence it met and whether a person verified any of it.
 */

export function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An annotation object: `parsed` beside at least one of the annotation's own fields. */
export function isAnnotation(value: unknown): value is IDataObject {
	return (
		isObject(value) &&
		'parsed' in value &&
		('raw' in value || 'confidence' in value || 'contentType' in value || 'isVerified' in value)
	);
}

/** Verified by a person: in the validation tool (`isClientVerified`), not by a rule. */
function personVerified(annotation: IDataObject): boolean {
	return (
		annotation.isClientVerified === true ||
		(annotation.isVerified === true && annotation.isAutoVerified !== true)
	);
}

/** What the annotations behind one column said about it. */
export class Evidence {
	confidence: number | null = null;
	verified = false;

	note(annotation: IDataObject): void {
		if (personVerified(annotation)) this.verified = true;
		const { confidence } = annotation;
		if (
			typeof confidence === 'number' &&
			(this.confidence === null || confidence < this.confidence)
		)
			this.confidence = confidence;
	}

	/** What another reading found, as if noted here. */
	add(other: Evidence | undefined): void {
		if (!other) return;
		if (other.verified) this.verified = true;
		if (other.confidence !== null) this.note({ confidence: other.confidence });
	}
}

/**
 * Each entry of a list read on its own; only those that give a value count as evidence (an
 * annotation whose `parsed` is null is not in the column).
 */
export function readEach<T>(
	entries: unknown[],
	read: (entry: unknown, evidence: Evidence) => T | null,
	evidence: Evidence,
): Array<T | null> {
	return entries.map((entry) => {
		const own = new Evidence();
		const value = read(entry, own);
		if (value !== null) evidence.add(own);
		return value;
	});
}

/** The value inside an annotation (noted as evidence), or the value itself. */
export function unwrap(value: unknown, evidence?: Evidence): unknown {
	if (!isAnnotation(value)) return value;
	evidence?.note(value);
	return value.parsed;
}

/** A field of an object, unwrapped; the first of several names that is present. */
export function field(from: unknown, names: readonly string[], evidence?: Evidence): unknown {
	const object = unwrap(from, evidence);
	if (!isObject(object)) return undefined;
	for (const name of names) {
		if (object[name] !== undefined && object[name] !== null) return unwrap(object[name], evidence);
	}
	return undefined;
}

/** A list, its entries as they are (each may be an annotation). */
export function listOf(value: unknown, evidence?: Evidence): unknown[] {
	const list = unwrap(value, evidence);
	return Array.isArray(list) ? list : [];
}

/** Text, trimmed, or null: a number becomes text, anything else is no text. */
export function text(value: unknown): string | null {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value !== 'string') return null;
	const trimmed = value.trim();
	return trimmed === '' ? null : trimmed;
}

/** A name-like value: text, or an object's `name`, `label` or `value`. */
export function nameOf(value: unknown, evidence?: Evidence): string | null {
	const inner = unwrap(value, evidence);
	if (isObject(inner)) return text(field(inner, ['name', 'label', 'value'], evidence));
	return text(inner);
}

/** A number, from a number or numeric text; null otherwise. */
export function numberOrNull(value: unknown): number | null {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** The deepest a value in a row may be nested: deeper is refused, not a stack overflow. */
export const MAX_VALUE_DEPTH = 100;

/**
 * The names a row or a value's object never holds: `__proto__` would replace its prototype, and
 * `constructor` and `prototype` are taken for an object's own machinery. Every other name
 * (`toString`, `binding`, `__defineGetter__` …) is a document's field like any other, an own data
 * property of a plain object, so it stays a column.
 */
const NOT_A_FIELD_NAME: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function isFieldName(name: string): boolean {
	return !NOT_A_FIELD_NAME.has(name);
}

/**
 * Every annotation inside a value unwrapped, at any depth up to MAX_VALUE_DEPTH: what
 * `compact=true` would show. A plain object of own fields: a field named `__proto__`,
 * `constructor` or `prototype` is left out, so that a document's field never becomes (or
 * replaces) an object's prototype.
 */
export function plain(value: unknown, evidence?: Evidence, depth = 0): unknown {
	if (depth > MAX_VALUE_DEPTH) throw new ValueTooDeepError();
	const inner = unwrap(value, evidence);
	if (Array.isArray(inner)) return inner.map((entry) => plain(entry, evidence, depth + 1));
	if (isObject(inner)) {
		const out: IDataObject = {};
		for (const [key, entry] of Object.entries(inner)) {
			if (isFieldName(key)) out[key] = plain(entry, evidence, depth + 1) as never;
		}
		return out;
	}
	return inner;
}

/** A document whose values nest deeper than a row reads. */
export class ValueTooDeepError extends UserError {
	constructor() {
		super(
			`A value in the document is nested more than ${MAX_VALUE_DEPTH} levels deep, more than a Flat Row reads: choose Output → Parsed Data or Raw Response for this document`,
		);
	}
}

/** Names in a list, each once (case aside), in the order first seen. */
export function unique(names: Array<string | null>): string[] {
	const seen = new Set<string>();
	const out: string[] = [];
	for (const name of names) {
		if (name === null || seen.has(name.toLowerCase())) continue;
		seen.add(name.toLowerCase());
		out.push(name);
	}
	return out;
}
