import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import {
	boundsOf,
	choicesOf,
	describeBounds,
	invalid,
	readFlag,
	readNameList,
	readNumber,
	readOptionalChoice,
	readOptionalText,
	readWholeNumber,
	type Bounds,
	type Parameter,
} from './readers';

/**
 * The parameters that become request values, one row each, and the one translation of a value
 * from the panel to its wire value by the row's kind. Search criteria, annotation fields and list
 * filters all declare their rows in this shape. The row's `name` is the parameter's internal name
 * and the value's name on the wire (they are the same by rule); its bounds and choices are those
 * the panel shows, so the panel and the check cannot disagree.
 */

/**
 * How a value is read and sent:
 * - `text`: trimmed text; `textAsWritten`: text kept as written, spaces included (null clears it);
 * - `flag`: true or false, also as text;
 * - `number`, `wholeNumber`: within `bounds`;
 * - `choice`: one of `choices`; `choiceList`: several of them, each once;
 * - `textList`: names separated by commas, or a list; `idList`: whole-number IDs, kept as written;
 *   `wholeNumberList`: whole numbers within `bounds`;
 * - `objectList`: a JSON array of objects; `rectangles`: a JSON array of boxes on a page.
 */
export type WireKind =
	| 'text'
	| 'textAsWritten'
	| 'flag'
	| 'number'
	| 'wholeNumber'
	| 'choice'
	| 'choiceList'
	| 'textList'
	| 'idList'
	| 'wholeNumberList'
	| 'objectList'
	| 'rectangles';

export interface WireRow extends Parameter {
	kind: WireKind;
	bounds?: Bounds;
	/** The options a choice may take, as the panel lists them. */
	choices?: readonly INodePropertyOptions[];
	/** What an error says is allowed, where the kind's own words are not enough. */
	allowed?: string;
	/** Whether null goes to the service as null (it clears the field). */
	nullable?: boolean;
	/** For a choice the panel requires: a value given that chooses nothing is refused, not unset. */
	required?: boolean;
}

/**
 * A row whose parameter is defined by hand (a locator, a filter with an Any choice): its name,
 * label, bounds and choices are read from that definition, so they are written once.
 */
export interface PropertyRow extends Pick<WireRow, 'kind' | 'allowed' | 'bounds'> {
	property: INodeProperties;
}

export function rowOf({
	property,
	kind,
	allowed,
	bounds = boundsOf(property),
}: PropertyRow): WireRow {
	return {
		displayName: property.displayName,
		name: property.name,
		kind,
		bounds,
		...(property.options ? { choices: property.options as INodePropertyOptions[] } : {}),
		...(allowed === undefined ? {} : { allowed }),
	};
}

/** A bounded number's bounds as the panel's `typeOptions` (whole numbers take no decimals). */
export function boundsTypeOptions(
	{ bounds = {}, kind }: { bounds?: Bounds; kind: string },
	numberPrecision = kind === 'wholeNumber' ? 0 : undefined,
): { minValue?: number; maxValue?: number; numberPrecision?: number } {
	return {
		...(bounds.min === undefined ? {} : { minValue: bounds.min }),
		...(bounds.max === undefined ? {} : { maxValue: bounds.max }),
		...(numberPrecision === undefined ? {} : { numberPrecision }),
	};
}

function parseJson(parameter: Parameter, value: unknown, allowed: string): unknown {
	if (typeof value !== 'string') return value;
	try {
		return JSON.parse(value);
	} catch {
		return invalid(parameter, value, allowed);
	}
}

const RECTANGLE_CORNERS = ['x0', 'y0', 'x1', 'y1'] as const;
const RECTANGLES_ALLOWED =
	'a JSON array of {"x0", "y0", "x1", "y1"} numbers, with an optional whole "pageIndex"';

function isRectangle(rectangle: unknown): boolean {
	if (typeof rectangle !== 'object' || rectangle === null) return false;
	const box = rectangle as IDataObject;
	return (
		RECTANGLE_CORNERS.every((corner) => typeof box[corner] === 'number') &&
		Object.keys(box).every(
			(key) => key === 'pageIndex' || RECTANGLE_CORNERS.includes(key as never),
		) &&
		(box.pageIndex === undefined ||
			(Number.isInteger(box.pageIndex) && (box.pageIndex as number) >= 0))
	);
}

/** A JSON array whose entries all pass `isEntry`, or the error saying what is `allowed`. */
function toJsonList(
	parameter: Parameter,
	value: unknown,
	allowed: string,
	isEntry: (entry: unknown) => boolean,
): IDataObject[] {
	const list = parseJson(parameter, value, allowed);
	if (!Array.isArray(list) || !list.every(isEntry)) invalid(parameter, value, allowed);
	return list as IDataObject[];
}

/**
 * A value set in the panel (or by an expression) as its row's kind sends it; undefined when it
 * reads as unset. Bad input is refused before any request, naming `parameter` (the row itself
 * unless the panel names it otherwise), the value given and what is allowed.
 */
export function toWireValue(row: WireRow, value: unknown, parameter: Parameter = row): unknown {
	const { kind, bounds = {}, allowed } = row;
	const choices = choicesOf({ options: row.choices });
	if (value === null && (row.nullable || kind === 'textAsWritten')) return null;
	switch (kind) {
		case 'text':
			return readOptionalText(parameter, value);
		case 'textAsWritten':
			return typeof value === 'string' ? value : (readOptionalText(parameter, value) ?? null);
		case 'flag':
			return readFlag(parameter, value);
		case 'number':
			return readNumber(parameter, value, bounds);
		case 'wholeNumber':
			return readWholeNumber(parameter, value, bounds);
		case 'choice': {
			const chosen = readOptionalChoice(parameter, value, choices);
			if (chosen === undefined && row.required)
				invalid(parameter, value, `one of ${choices.join(', ')}`);
			return chosen;
		}
		case 'choiceList':
			return [...new Set(readNameList(parameter, value))].map((chosen) =>
				readOptionalChoice(parameter, chosen, choices),
			);
		case 'textList':
			return readNameList(parameter, value, allowed);
		case 'idList': {
			const ids = readNameList(parameter, value, allowed);
			if (!ids.every((id) => /^\d+$/.test(id))) {
				invalid(parameter, value, allowed ?? 'whole numbers separated by commas');
			}
			return ids;
		}
		case 'wholeNumberList': {
			const listAllowed = allowed ?? describeBounds('whole numbers', bounds);
			return readNameList(parameter, value, listAllowed).map((entry) =>
				readWholeNumber(parameter, entry, bounds, listAllowed),
			);
		}
		case 'objectList':
			return toJsonList(
				parameter,
				value,
				'a JSON array of objects',
				(entry) => typeof entry === 'object' && entry !== null,
			);
		case 'rectangles':
			return toJsonList(parameter, value, RECTANGLES_ALLOWED, isRectangle);
	}
}
