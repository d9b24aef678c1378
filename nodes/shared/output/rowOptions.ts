import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { byName } from '../order';
import { invalid } from '../readers';
import {
	DEFAULT_ROW_OPTIONS,
	JOB_DESCRIPTION_COLUMNS,
	RESUME_COLUMNS,
	type Column,
	type RowOptions,
} from './documentRows';
import { isFieldName, isObject } from './values';

/**
 * The row's options (Include Fields, Custom Data Points, Lists As, Protect Against Formulas,
 * Confidence Threshold): their parameters, for an operation's Options, and their one reader.
 */

/** What Include Fields offers: every column some kind leaves out by default, once. */
function includableColumns(): Column[] {
	const found = new Map<string, Column>();
	for (const column of [...RESUME_COLUMNS, ...JOB_DESCRIPTION_COLUMNS])
		if (!column.byDefault && !found.has(column.name)) found.set(column.name, column);
	return [...found.values()];
}

const onlyForRows = { show: { '/output': ['row'] } };

/**
 * Include Fields: every column some kind leaves out by default, and `more` where an operation
 * can add columns of its own (Document → Get's validation columns). Its options are the one list
 * of what an item's Include Fields may name.
 */
function includeFieldsProperty(more: readonly INodePropertyOptions[] = []): INodeProperties {
	return {
		displayName: 'Include Fields',
		name: 'includeFields',
		type: 'multiOptions',
		options: [
			...includableColumns().map(
				(column): INodePropertyOptions => ({
					name: column.displayName ?? column.name,
					value: column.name,
					description: column.description,
				}),
			),
			...more,
		].sort(byName),
		default: [],
		description: 'Columns to add to the row',
		displayOptions: onlyForRows,
	};
}

const INCLUDE_FIELDS = includeFieldsProperty();

const CUSTOM_DATA_POINTS: INodeProperties = {
	displayName: 'Custom Data Points',
	name: 'customDataPoints',
	type: 'string',
	default: '',
	placeholder: 'e.g. noticePeriod, visaStatus',
	description:
		"Slugs of the document type's custom fields to add as columns, separated by commas. Other document types already get every field.",
	displayOptions: onlyForRows,
};

const LISTS_AS: INodeProperties = {
	displayName: 'Lists As',
	name: 'listsAs',
	type: 'options',
	options: [
		{ name: 'Text', value: 'text', description: 'One cell, entries joined by ", "' },
		{ name: 'Array', value: 'array', description: 'A JSON array' },
	],
	default: 'text',
	description: 'How lists (skills, languages, all emails …) are written',
	displayOptions: onlyForRows,
};

/**
 * Protect Against Formulas, for every output that is a table a user appends to a sheet: a Flat
 * Row, Work History and Education here; an operation without Output whose rows hold a document's
 * text (Index → Get Documents' details, Annotation → Get Many) shows it as its own option.
 */
export function protectAgainstFormulasOption(
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties {
	return {
		displayName: 'Protect Against Formulas',
		name: 'protectAgainstFormulas',
		type: 'boolean',
		default: true,
		description:
			"Whether text starting with =, +, -, @, a tab or a carriage return gets a leading ' (except phone numbers and numbers), so that a spreadsheet shows it instead of running it as a formula: a CV's text is anyone's",
		displayOptions,
	};
}

const PROTECT_AGAINST_FORMULAS = protectAgainstFormulasOption({
	show: { '/output': ['row', 'workHistory', 'education'] },
});

const CONFIDENCE_THRESHOLD: INodeProperties = {
	displayName: 'Confidence Threshold',
	name: 'confidenceThreshold',
	type: 'number',
	default: 0.8,
	typeOptions: { minValue: 0, maxValue: 1, numberPrecision: 2 },
	description:
		'Adds needsReview and lowConfidenceFields: the columns whose confidence is below this (0 to 1). Values a person verified in Affinda are never flagged. Confidence comes with annotated data, not with compact data or legacy resumes.',
	displayOptions: onlyForRows,
};

/**
 * The row's options, for an operation's Options collection (sorted there with the rest); `more`
 * adds the operation's own columns to Include Fields.
 */
export function rowOptions(more: readonly INodePropertyOptions[] = []): INodeProperties[] {
	return [
		CONFIDENCE_THRESHOLD,
		CUSTOM_DATA_POINTS,
		more.length === 0 ? INCLUDE_FIELDS : includeFieldsProperty(more),
		LISTS_AS,
		PROTECT_AGAINST_FORMULAS,
	];
}

export const ROW_OPTIONS: readonly INodeProperties[] = rowOptions();

function listOfText(value: unknown): string[] {
	if (Array.isArray(value)) return value.map((entry) => String(entry).trim()).filter(Boolean);
	if (typeof value === 'string')
		return value
			.split(',')
			.map((entry) => entry.trim())
			.filter(Boolean);
	return [];
}

/** Options → Protect Against Formulas, checked (on when not set). */
export function readProtectAgainstFormulas(options: unknown): boolean {
	const given = isObject(options) ? options.protectAgainstFormulas : undefined;
	if (given === undefined) return true;
	if (typeof given !== 'boolean') invalid(PROTECT_AGAINST_FORMULAS, given, 'true or false');
	return given;
}

/**
 * The row's options from an Options collection, checked before any request: a threshold outside
 * 0 to 1 or an Include Field no column has is refused, naming the parameter and the value.
 */
export function readRowOptions(
	options: unknown,
	includeFields: INodeProperties = INCLUDE_FIELDS,
): RowOptions {
	const given = isObject(options) ? options : {};
	const row: RowOptions = { ...DEFAULT_ROW_OPTIONS };
	if (given.confidenceThreshold !== undefined) {
		const threshold = given.confidenceThreshold;
		if (
			typeof threshold !== 'number' ||
			!Number.isFinite(threshold) ||
			threshold < 0 ||
			threshold > 1
		)
			invalid(CONFIDENCE_THRESHOLD, threshold, 'a number from 0 to 1');
		row.threshold = threshold;
	}
	if (given.includeFields !== undefined) {
		const includable = (includeFields.options as INodePropertyOptions[]).map(
			(option) => option.value,
		);
		const include = listOfText(given.includeFields);
		const unknown = include.filter((name) => !includable.includes(name));
		if (
			unknown.length > 0 ||
			(!Array.isArray(given.includeFields) && typeof given.includeFields !== 'string')
		)
			invalid(
				includeFields,
				unknown.length > 0 ? unknown : given.includeFields,
				`some of ${includable.join(', ')}`,
			);
		row.include = include;
	}
	row.protectAgainstFormulas = readProtectAgainstFormulas(given);
	row.customDataPoints = listOfText(given.customDataPoints);
	// Such a column would replace the row's prototype or shadow what every object has.
	const unsafe = row.customDataPoints.filter((slug) => !isFieldName(slug));
	if (unsafe.length > 0)
		invalid(
			CUSTOM_DATA_POINTS,
			unsafe,
			'slugs of your data points, other than __proto__, constructor and prototype',
		);
	if (given.listsAs !== undefined) {
		if (given.listsAs !== 'text' && given.listsAs !== 'array')
			invalid(LISTS_AS, given.listsAs, '"text" or "array"');
		row.listsAs = given.listsAs;
	}
	return row;
}
